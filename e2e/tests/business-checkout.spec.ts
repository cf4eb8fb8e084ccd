import type { Page } from '@playwright/test';
import { E2E_PROMO_CODE, E2E_VAT_NUMBER } from '../support/shop-data';
import { acceptTermsAndPlaceOrder, addProToCart, signUpOnPricing } from '../support/store';
import { test, expect, type Lang } from '../support/fixtures';
import { fieldLabel, readLocales } from '../support/locales';

// A German business buys with a promo code (docs/decisions/021-the-screens-show-the-server-quote.md):
// the code applied in the cart is kept into the checkout, the VAT number typed there turns the
// VAT into the reverse charge before the order is placed (VIES is the local stand-in the
// journeys' server uses), the sandbox card pays, and the invoice downloads from the success
// page as a PDF. A declined card is paid again on the same order number
// (docs/decisions/020-payment-attempts-per-order.md).

type Copy = {
  common: { quote: Record<string, string> };
  cart: { summary: { checkout: string; title: string } };
  checkout: {
    items: { primary: string };
    billing: Record<string, string>;
    consent: { termsLink: string };
    actions: { submit: string };
    summary: { title: string };
  };
  payments: { sandbox: Record<'pay' | 'decline' | 'summaryTitle', string> };
  orders: { success: { title: string; invoice: string }; failure: Record<string, string> };
};

const copy = (lang: Lang) =>
  readLocales<Copy>(lang, ['common', 'cart', 'checkout', 'payments', 'orders']);

/** i18next's {{placeholders}} filled in. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

/** Text as the screen shows it: the locale files' no-break spaces read as any space. */
const loose = (text: string) =>
  new RegExp(
    text
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/[\s\u00a0\u202f]+/g, '[\\s\\u00a0\\u202f]+'),
  );

const money = {
  // Pro, 490.00 a year; 10 % off: 441.00, no VAT under the reverse charge.
  fr: { discount: '−49,00 €', total: '441,00 €', frenchTotal: '529,20 €' },
  en: { discount: '−€49.00', total: '€441.00', frenchTotal: '€529.20' },
} as const;

const ORDER_NUMBER = /CAD-\d{4}-[2-9A-HJ-NP-Z]{8}/;

/** A German company's buyer, signed in through the API as the registration form would. */
const germanBusiness = {
  firstname: 'Jonas',
  lastname: 'Becker',
  company: 'Atelier Becker GmbH',
  phone: '+49 30 1234567',
  address: 'Friedrichstraße 12',
  postal_code: '10117',
  city: 'Berlin',
  country: 'DE',
};

/** Pricing -> cart with Pro and the promo code applied -> checkout. */
async function cartWithPromo(page: Page, lang: Lang, t: Copy) {
  await addProToCart(page, lang);
  await expect(page).toHaveURL(/\/store\/cart$/);
  const summary = page.getByRole('region', { name: t.cart.summary.title });
  await summary.getByRole('textbox', { name: t.common.quote.promoLabel }).fill('bienvenue10');
  await summary.getByRole('button', { name: t.common.quote.promoApply }).click();
  await expect(
    summary.getByText(fill(t.common.quote.promoApplied!, { code: E2E_PROMO_CODE })),
  ).toBeVisible();
  await expect(summary).toContainText(money[lang].discount);
  // French VAT in the cart, until the checkout knows the country.
  await expect(summary).toContainText(money[lang].frenchTotal);
}

/** The checkout as a German business: domain, country, VAT number, terms. */
async function fillBusinessCheckout(page: Page, lang: Lang, t: Copy) {
  await page.getByRole('link', { name: t.cart.summary.checkout }).click();
  await expect(page).toHaveURL(/\/store\/checkout$/);
  await page
    .getByRole('textbox', { name: fieldLabel(t.checkout.items.primary) })
    .fill('atelier-becker.de');
  await page
    .getByRole('combobox', { name: fieldLabel(t.checkout.billing.country!) })
    .selectOption('DE');
  await page
    .getByRole('textbox', { name: fieldLabel(t.checkout.billing.vat_number!) })
    .fill(`${E2E_VAT_NUMBER.slice(0, 2)} ${E2E_VAT_NUMBER.slice(2)}`);
}

for (const lang of ['fr', 'en'] as const) {
  test.describe(`business checkout (${lang})`, () => {
    test('a German business with a VAT number and a promo code pays no VAT, pays by card and downloads its invoice', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      await signUpOnPricing(page, gotoIn, lang, 'b2b', { details: germanBusiness });
      await cartWithPromo(page, lang, t);
      await expectNoA11yViolations();
      await fillBusinessCheckout(page, lang, t);

      // The reverse charge shows before the order exists, with its legal mention.
      const summary = page.getByRole('region', { name: t.checkout.summary.title });
      await expect(summary.getByText(loose(t.common.quote.taxReverseCharge!))).toBeVisible();
      await expect(summary).toContainText(
        lang === 'fr' ? 'Autoliquidation — article 196' : 'Reverse charge — Article 196',
      );
      await expect(summary).toContainText(
        fill(t.common.quote.discountNamed!, { code: E2E_PROMO_CODE }),
      );
      await expect(summary).toContainText(money[lang].total);
      await expectNoA11yViolations();

      await acceptTermsAndPlaceOrder(page, t);

      // The sandbox card page asks the order's amount: the quote's.
      await expect(page).toHaveURL(/\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
      const payment = page.getByRole('region', { name: t.payments.sandbox.summaryTitle });
      await expect(payment).toContainText(money[lang].total);
      await page.getByRole('button', { name: t.payments.sandbox.pay, exact: true }).click();

      await expect(page).toHaveURL(/\/store\/order\/success\/CAD-/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.success.title);
      const invoiceLink = page.getByRole('link', {
        name: new RegExp(
          fill(t.orders.success.invoice, { number: 'FA-\\d{4}-\\d{5}' }).replace(/[()]/g, '\\$&'),
        ),
      });
      await expect(invoiceLink).toBeVisible();
      const href = await invoiceLink.getAttribute('href');
      expect(href).toMatch(/^\/api\/v1\/website\/orders\/[0-9a-f-]{36}\/invoice$/);
      const pdf = await page.request.get(href!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const bytes = await pdf.body();
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expectNoA11yViolations();
    });

    test('a declined card is paid again on the same order number from the failure page', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      await signUpOnPricing(page, gotoIn, lang, 'b2b', { details: germanBusiness });
      await cartWithPromo(page, lang, t);
      await fillBusinessCheckout(page, lang, t);
      const summary = page.getByRole('region', { name: t.checkout.summary.title });
      await expect(summary).toContainText(money[lang].total);
      await acceptTermsAndPlaceOrder(page, t);

      await expect(page).toHaveURL(/\/store\/pay\/sandbox\//);
      const firstAttempt = page.url();
      const payment = page.getByRole('region', { name: t.payments.sandbox.summaryTitle });
      const orderNumber = ((await payment.textContent()) ?? '').match(ORDER_NUMBER)?.[0];
      expect(orderNumber).toBeTruthy();
      await page.getByRole('button', { name: t.payments.sandbox.decline, exact: true }).click();

      // The failure page names the order and offers to pay it again.
      await expect(page).toHaveURL(new RegExp(`/store/order/failure\\?order=${orderNumber}&`));
      await expect(
        page.getByRole('heading', {
          name: fill(t.orders.failure.orderTitle!, { number: orderNumber! }),
        }),
      ).toBeVisible();
      await expectNoA11yViolations();
      await page.getByRole('button', { name: t.orders.failure.retryPayment }).click();

      // A new sandbox attempt for the same order and amount, which pays it.
      await expect(page).toHaveURL(/\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
      expect(page.url()).not.toBe(firstAttempt);
      await expect(payment).toContainText(orderNumber!);
      await expect(payment).toContainText(money[lang].total);
      await page.getByRole('button', { name: t.payments.sandbox.pay, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/store/order/success/${orderNumber}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.success.title);
    });
  });
}
