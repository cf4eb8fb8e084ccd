import { test, expect } from '../support/fixtures';
import { fieldLabel, readLocale } from '../support/locales';
import { signUpThroughApi } from '../support/client-account';
import { findOutboxMail } from '../support/outbox';

// An English buyer stays English through payment (docs/product.md 'Languages and texts'): every
// address the server hands out carries the order's language, and the client area opens in the
// account's language even on a browser whose saved choice is French.

const english = <T>(ns: string): T => readLocale<T>('en', ns);

const t = {
  cart: english<{ summary: { checkout: string } }>('cart'),
  checkout: english<{
    items: { primary: string };
    consent: { termsLink: string };
    actions: { submit: string };
  }>('checkout'),
  payments: english<{ sandbox: Record<'title' | 'pay' | 'decline', string> }>('payments'),
  orders: english<{ success: { title: string }; failure: { intro: string } }>('orders'),
  client: english<{ dashboard: { title: string }; order: { titleWithNumber: string } }>('client'),
};

const ORDER_NUMBER = /CAD-\d{4}-[2-9A-HJ-NP-Z]{8}/;

test.describe('an English buyer (en)', () => {
  test('stays English from checkout through the sandbox page, the success page and the client area', async ({
    page,
    gotoIn,
    expectNoA11yViolations,
  }) => {
    await gotoIn('/pricing', 'en');
    const email = await signUpThroughApi(page, 'en', 'language');
    await page.reload();

    // Checkout in English.
    await page
      .getByRole('article', { name: 'Pro' })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await expect(page).toHaveURL(/\/en\/store\/cart$/);
    await page.getByRole('link', { name: t.cart.summary.checkout }).click();
    await expect(page).toHaveURL(/\/en\/store\/checkout$/);
    await page
      .getByRole('textbox', { name: fieldLabel(t.checkout.items.primary) })
      .fill('english-buyer.co.uk');
    await page.getByRole('checkbox', { name: new RegExp(t.checkout.consent.termsLink) }).check();
    await page.getByRole('button', { name: t.checkout.actions.submit }).click();

    // The payment page the server handed out is the English one.
    await expect(page).toHaveURL(/\/en\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payments.sandbox.title);
    await expectNoA11yViolations();
    await page.getByRole('button', { name: t.payments.sandbox.pay, exact: true }).click();

    // The success page, in English.
    await expect(page).toHaveURL(/\/en\/store\/order\/success\/CAD-\d{4}-[2-9A-HJ-NP-Z]{8}$/);
    const orderNumber = ORDER_NUMBER.exec(page.url())![0];
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.success.title);

    // The confirmation e-mail links the client area in English.
    const mail = await findOutboxMail(`To: ${email}`, orderNumber, '/client');
    expect(mail).toMatch(/\/client[^"\s]*\?lang=en/);
    expect(mail).not.toMatch(/\/client[^"\s]*\?lang=fr/);

    // On a browser whose saved choice is French, the client area still opens in the account's
    // language once the buyer is known.
    await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
    await page
      .context()
      .addCookies([{ name: 'language', value: 'fr', url: new URL(page.url()).origin }]);
    await page.goto(`/client/orders/${orderNumber}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t.client.order.titleWithNumber.replace('{{number}}', orderNumber),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/client');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.client.dashboard.title);
    await expectNoA11yViolations();
  });

  test('a declined card lands on the English failure page', async ({ page, gotoIn }) => {
    await gotoIn('/pricing', 'en');
    await signUpThroughApi(page, 'en', 'language-declined');
    await page.reload();
    await page
      .getByRole('article', { name: 'Pro' })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await page.getByRole('link', { name: t.cart.summary.checkout }).click();
    await page
      .getByRole('textbox', { name: fieldLabel(t.checkout.items.primary) })
      .fill('english-declined.co.uk');
    await page.getByRole('checkbox', { name: new RegExp(t.checkout.consent.termsLink) }).check();
    await page.getByRole('button', { name: t.checkout.actions.submit }).click();
    await expect(page).toHaveURL(/\/en\/store\/pay\/sandbox\//);
    await page.getByRole('button', { name: t.payments.sandbox.decline, exact: true }).click();
    await expect(page).toHaveURL(/\/en\/store\/order\/failure\?order=CAD-/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText(t.orders.failure.intro)).toBeVisible();
  });
});
