import type { Page } from '@playwright/test';
import { acceptTermsAndPlaceOrder, proToCheckout, signUpOnPricing } from '../support/store';
import { test, expect, type Lang } from '../support/fixtures';
import { fieldLabel, readLocales } from '../support/locales';

// Payment journeys (docs/product.md 'Payment'), in French and English, all offline: a card order
// paid on the sandbox page lands on the success page with the payment confirmed and the licence
// count; a declined one lands on the failure page with the reason. A bank-transfer order's IBAN
// and reference are checked by the checkout journey (checkout.spec.ts), which places one.

type Copy = {
  cart: { summary: { checkout: string } };
  checkout: {
    items: { primary: string };
    consent: { termsLink: string };
    actions: { submit: string };
    summary: { title: string; count_one: string };
  };
  payments: {
    sandbox: Record<'title' | 'noticeTitle' | 'pay' | 'decline' | 'summaryTitle', string>;
  };
  orders: {
    success: {
      title: string;
      details: string;
      payment: { paidTitle: string; paidText_one: string };
    };
    failure: { retry: string };
  };
};

const copy = (lang: Lang) => readLocales<Copy>(lang, ['cart', 'checkout', 'payments', 'orders']);

const text = {
  fr: {
    paid: 'Payée',
    amount: '588,00 €',
    declined: 'Paiement refusé par la banque (simulation de l’environnement de test)',
  },
  en: {
    paid: 'Paid',
    amount: '€588.00',
    declined: 'Payment declined by the bank (test environment simulation)',
  },
} as const;

/** Pricing -> cart -> checkout with one Pro licence, paid by card (the default), then submit. */
async function order(page: Page, lang: Lang, t: Copy) {
  await proToCheckout(page, lang, t);
  await page
    .getByRole('textbox', { name: fieldLabel(t.checkout.items.primary) })
    .fill('atelier-martin.fr');
  await acceptTermsAndPlaceOrder(page, t);
}

for (const lang of ['fr', 'en'] as const) {
  test.describe(`payments (${lang})`, () => {
    test('card order paid on the sandbox page: success page with payment confirmed and licence count', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      await signUpOnPricing(page, gotoIn, lang, 'pay');
      await order(page, lang, t);

      // The sandbox page: clearly a test, the order and its amount.
      await expect(page).toHaveURL(/\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payments.sandbox.title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByText(t.payments.sandbox.noticeTitle)).toBeVisible();
      const summary = page.getByRole('region', { name: t.payments.sandbox.summaryTitle });
      await expect(summary).toContainText(/CAD-\d{4}-[2-9A-HJ-NP-Z]{8}/);
      await expect(summary).toContainText(text[lang].amount);
      const orderNumber = (await summary.textContent())!.match(/CAD-\d{4}-[2-9A-HJ-NP-Z]{8}/)![0];
      await expectNoA11yViolations();

      // Keyboard: the Pay button is reachable and works with Enter.
      const pay = page.getByRole('button', { name: t.payments.sandbox.pay, exact: true });
      await pay.focus();
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(new RegExp(`/store/order/success/${orderNumber}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.success.title);
      await expect(
        page.getByText(t.orders.success.payment.paidTitle, { exact: true }),
      ).toBeVisible();
      await expect(
        page.getByText(t.orders.success.payment.paidText_one.replace('{{count}}', '1')),
      ).toBeVisible();
      const details = page.getByRole('region', { name: t.orders.success.details });
      await expect(details).toContainText(text[lang].paid);
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      await expectNoA11yViolations();
    });

    test('card order declined on the sandbox page: failure page with the error detail', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      await signUpOnPricing(page, gotoIn, lang, 'pay');
      await order(page, lang, t);

      await expect(page).toHaveURL(/\/store\/pay\/sandbox\//);
      await page.getByRole('button', { name: t.payments.sandbox.decline, exact: true }).click();
      await expect(page).toHaveURL(
        /\/store\/order\/failure\?order=CAD-\d{4}-[2-9A-HJ-NP-Z]{8}&error=/,
      );
      await expect(page.getByRole('alert')).toContainText(text[lang].declined);
      await expectNoA11yViolations();

      // Going back to the sandbox page shows the payment as settled, with no buttons.
      await page.goBack();
      await expect(page).toHaveURL(/\/store\/pay\/sandbox\//);
      await expect(
        page.getByRole('button', { name: t.payments.sandbox.pay, exact: true }),
      ).toHaveCount(0);

      // The emptied cart comes back: resuming the order leads to a checkout with its line.
      await gotoIn('/store/order/failure', lang);
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      await page.getByRole('link', { name: t.orders.failure.retry }).click();
      await expect(page).toHaveURL(/\/store\/checkout$/);
      // The focused checkout has no cart button: its summary counts the line put back.
      await expect(page.getByRole('region', { name: t.checkout.summary.title })).toContainText(
        t.checkout.summary.count_one.replace('{{count}}', '1'),
      );
      await expect(
        page.getByRole('textbox', { name: fieldLabel(t.checkout.items.primary) }),
      ).toBeVisible();
    });
  });
}
