import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUpThroughApi } from '../support/client-account';
import { test, expect, type Lang } from '../support/fixtures';

// Two ways out of a stuck checkout (docs/product.md 'Checkout'), in French and English: the
// sign-in tab leads to the password reset in the visitor's language, and when the shop cannot
// say which payment methods it takes, the form says so in the specification's words, keeps
// the full list and loads them again on demand.

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/locales',
);
const read = <T>(lang: Lang, ns: string): T =>
  JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as T;

/** The message as the specification quotes it, and its English counterpart. */
const METHODS_FAILED = {
  fr: 'Erreur lors de la récupération des méthodes de paiement',
  en: 'Error while retrieving payment methods',
} as const;

const PAYMENT_METHODS = '**/api/v1/website/payment-methods';

type Copy = {
  cart: { summary: { checkout: string } };
  auth: { tabs: { login: string }; login: { forgot: string } };
  client: { forgot: { title: string } };
  checkout: { payment: { title: string; reload: string } };
};

const copy = (lang: Lang): Copy => ({
  cart: read(lang, 'cart'),
  auth: read(lang, 'auth'),
  client: read(lang, 'client'),
  checkout: read(lang, 'checkout'),
});

for (const lang of ['fr', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const addToCart = lang === 'fr' ? 'Ajouter au panier' : 'Add to cart';

  test.describe(`checkout recovery (${lang})`, () => {
    test('the sign-in tab links the password reset, in the visitor’s language', async ({
      page,
      gotoIn,
    }) => {
      const t = copy(lang);
      await gotoIn('/pricing', lang);
      await page
        .getByRole('article', { name: 'Pro' })
        .getByRole('button', { name: addToCart })
        .click();
      await page.getByRole('link', { name: t.cart.summary.checkout }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/store/checkout$`));

      const signIn = page.getByRole('tabpanel', { name: t.auth.tabs.login });
      await signIn.getByRole('link', { name: t.auth.login.forgot }).click();
      await expect(page).toHaveURL(new RegExp(`/client/forgot-password\\?lang=${lang}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.client.forgot.title);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });

    test('a failed list of payment methods is said word for word, and loads again on demand', async ({
      page,
      gotoIn,
      consoleErrors,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      await gotoIn('/pricing', lang);
      await signUpThroughApi(page, lang, 'methods-failed');
      // Only this one request fails, as when the payment service cannot be reached.
      let failing = true;
      await page.route(PAYMENT_METHODS, (route) =>
        failing
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ success: false, message: 'Service indisponible' }),
            })
          : route.fallback(),
      );
      await page.reload();
      await page
        .getByRole('article', { name: 'Pro' })
        .getByRole('button', { name: addToCart })
        .click();
      await page.getByRole('link', { name: t.cart.summary.checkout }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/store/checkout$`));

      const methods = page.getByRole('group', { name: t.checkout.payment.title });
      await expect(methods.getByText(METHODS_FAILED[lang], { exact: true })).toBeVisible();
      // The full local list stands meanwhile: the buyer can still choose.
      await expect(methods.getByRole('radio')).toHaveCount(3);
      await expectNoA11yViolations();

      failing = false;
      await methods.getByRole('button', { name: t.checkout.payment.reload }).click();
      await expect(methods.getByText(METHODS_FAILED[lang], { exact: true })).toHaveCount(0);
      await expect(methods.getByRole('radio')).toHaveCount(3);

      // The browser reports each refused request it made; those are the failures provoked here.
      const provoked = (text: string) => text.includes('503');
      expect(consoleErrors.filter((text) => !provoked(text))).toEqual([]);
      consoleErrors.splice(0, consoleErrors.length);
    });
  });
}
