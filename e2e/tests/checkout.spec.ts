import type { Page } from '@playwright/test';
import { test, expect, type Lang } from '../support/fixtures';
import { fieldLabel, readLocales } from '../support/locales';

// Checkout journey (docs/product.md 'Checkout'), in French and English: from the pricing page to a
// placed order. The visitor registers inside the checkout, gives two domains, picks bank transfer,
// places the order and lands on the success page with the right totals and the transfer details
// (the IBAN, the order number as reference); its print view drops the chrome.

type Copy = {
  common: { meta: Record<'checkout' | 'cart', { title: string }> };
  cart: { summary: { checkout: string } };
  auth: {
    tabs: Record<'login' | 'register', string>;
    fields: Record<string, string>;
    register: { submit: string; termsBefore: string };
    session: { connectedAs: string };
  };
  checkout: {
    account: { title: string };
    items: { primary: string; addNamed: string; additional: string };
    steps: { label: string; information: string; payment: string; confirmation: string };
    consent: { termsLink: string };
    actions: { submit: string };
    summary: { title: string };
  };
  orders: {
    success: {
      title: string;
      details: string;
      print: string;
      items: string;
      transfer: { title: string };
    };
    failure: { detailUnknown: string };
  };
};

const copy = (lang: Lang) =>
  readLocales<Copy>(lang, ['common', 'cart', 'auth', 'checkout', 'orders']);

const money = {
  fr: { total: '588,00 €', tax: '98,00 €', unit: '490,00 €' },
  en: { total: '€588.00', tax: '€98.00', unit: '€490.00' },
} as const;

async function addProToCart(page: Page, lang: Lang, t: Copy) {
  const add = lang === 'fr' ? 'Ajouter au panier' : 'Add to cart';
  await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: add }).click();
  await expect(page).toHaveURL(/\/store\/cart$/);
  await page.getByRole('link', { name: t.cart.summary.checkout }).click();
  await expect(page).toHaveURL(/\/store\/checkout$/);
}

for (const lang of ['fr', 'en'] as const) {
  test.describe(`checkout (${lang})`, () => {
    test('register during checkout, two domains, bank transfer, success page and print view', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      const email = `e2e.checkout.${lang}.${Date.now()}@exemple.fr`;
      const password = 'Cadran-Sablier-2026';

      await gotoIn('/pricing', lang);
      await addProToCart(page, lang, t);

      // Anonymous: steps header, sign-in tabs, the automatic account wording.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t.common.meta.checkout.title,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const steps = page.getByRole('navigation', { name: t.checkout.steps.label });
      await expect(steps.getByRole('listitem')).toHaveText([
        new RegExp(`^1${t.checkout.steps.information}`),
        new RegExp(`^2${t.checkout.steps.payment}`),
        new RegExp(`^3${t.checkout.steps.confirmation}`),
      ]);
      await expect(steps.locator('[aria-current="step"]')).toContainText(
        t.checkout.steps.information,
      );
      await expect(page.getByRole('heading', { name: t.checkout.account.title })).toBeVisible();
      await expect(page.getByRole('region', { name: t.checkout.summary.title })).toContainText(
        money[lang].total,
      );
      await expectNoA11yViolations();

      // Register inside the checkout (docs/product.md 'Accounts and sessions' ('Register')).
      await page.getByRole('tab', { name: t.auth.tabs.register }).click();
      const form = page.getByRole('tabpanel', { name: t.auth.tabs.register });
      const field = (key: string) => form.getByLabel(fieldLabel(t.auth.fields[key]!));
      await field('firstname').fill('Camille');
      await field('lastname').fill('Martin');
      await field('phone').fill('+33 6 12 34 56 78');
      await field('email').fill(email);
      await field('address').fill('12 rue de la Paix');
      await field('city').fill('Paris');
      await field('postal_code').fill('75002');
      await field('password').fill(password);
      await field('password_confirmation').fill(password);
      await form
        .getByRole('checkbox', { name: new RegExp(t.auth.register.termsBefore.trim()) })
        .check();
      await form.getByRole('button', { name: t.auth.register.submit }).click();

      // Signed in: the 'connected as' line and the order form, billing filled from the account.
      await expect(page.getByText(`${t.auth.session.connectedAs} Camille Martin`)).toBeVisible();
      const billingFirstName = page.getByRole('textbox', {
        name: fieldLabel(lang === 'fr' ? 'Prénom' : 'First name'),
      });
      await expect(billingFirstName).toHaveValue('Camille');

      // Two domains: the primary one and one additional.
      await page
        .getByRole('textbox', { name: fieldLabel(t.checkout.items.primary) })
        .fill('https://www.Atelier-Martin.fr/');
      await page
        .getByRole('button', { name: t.checkout.items.addNamed.replace('{{name}}', 'Pro') })
        .click();
      const second = page.getByRole('textbox', {
        name: t.checkout.items.additional.replace('{{n}}', '1'),
      });
      await expect(second).toBeFocused();
      await page.keyboard.type('boutique.atelier-martin.fr');

      await page
        .getByRole('radio', { name: lang === 'fr' ? /Virement bancaire/ : /Bank transfer/ })
        .check();
      const submit = page.getByRole('button', { name: t.checkout.actions.submit });
      await expect(submit).toBeDisabled();
      await page.getByRole('checkbox', { name: new RegExp(t.checkout.consent.termsLink) }).check();
      await expect(submit).toBeEnabled();
      await expectNoA11yViolations();
      await submit.click();

      // Success page with the totals the server computed.
      await expect(page).toHaveURL(/\/store\/order\/success\/CAD-\d{4}-[2-9A-HJ-NP-Z]{8}$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.success.title);
      const orderNumber = page.url().split('/').pop()!;
      const details = page.getByRole('region', { name: t.orders.success.details });
      await expect(details).toContainText(orderNumber);
      await expect(details).toContainText(money[lang].total);
      const items = page.getByRole('region', { name: t.orders.success.items });
      await expect(items).toContainText('atelier-martin.fr');
      await expect(items).toContainText('boutique.atelier-martin.fr');
      await expect(items).toContainText(money[lang].unit);
      await expect(items).toContainText(money[lang].tax);
      await expect(items).toContainText(money[lang].total);
      // Bank transfer: the account to pay into, the order number as the transfer's reference.
      const transfer = page.getByRole('region', { name: t.orders.success.transfer.title });
      await expect(transfer).toContainText('FR76 3000 4000 0312 3456 7890 143');
      await expect(transfer).toContainText(orderNumber);
      await expect(transfer).toContainText(money[lang].total);
      // The cart was emptied once the order existed.
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      await expectNoA11yViolations();

      // Print view: the order stays, the site chrome and the buttons go.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(details).toBeVisible();
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeHidden();
      await expect(page.getByRole('button', { name: t.orders.success.print })).toBeHidden();
      await page.emulateMedia({ media: 'screen' });
      await expect(page.getByRole('button', { name: t.orders.success.print })).toBeVisible();
    });

    test('an empty cart goes back to the cart, and the failure page shows no text from its address', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      await gotoIn('/store/checkout', lang);
      await expect(page).toHaveURL(/\/store\/cart$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.common.meta.cart.title);

      const lure = '<b>Appelez le 0899 FAKE-4242</b>';
      await page.goto(`/store/order/failure?error=${encodeURIComponent(lure)}`);
      await expect(page.getByRole('alert')).toHaveText(t.orders.failure.detailUnknown);
      await expect(page.getByRole('main')).not.toContainText('FAKE-4242');
      await expect(page.locator('main b')).toHaveCount(0);
      await expect(
        page.getByRole('main').getByRole('link', { name: 'support@cadran.fr' }),
      ).toHaveAttribute('href', 'mailto:support@cadran.fr');
      await expectNoA11yViolations();

      await page.goto('/store/order/success');
      await expect(page.getByRole('alert')).toContainText(
        lang === 'fr' ? 'Commande non trouvée' : 'Order not found',
      );
      await expectNoA11yViolations();
    });
  });
}
