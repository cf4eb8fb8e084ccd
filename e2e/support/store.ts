import { expect, type Page } from '@playwright/test';
import { signUpThroughApi, type SignUpOptions } from './client-account';
import type { Lang } from './fixtures';

// The store's steps the buying journeys take through its pages in the same way: a new buyer
// signed in on the pricing page, the Pro licence carried to the checkout, the order placed once
// its form is filled. What each journey checks between them stays in the journey.

/** The checkout's texts these steps click on (from the 'cart' and 'checkout' locale files). */
export interface StoreCopy {
  cart: { summary: { checkout: string } };
  checkout: { consent: { termsLink: string }; actions: { submit: string } };
}

/** A new account signed in on the pricing page, reloaded to read its session; answers its e-mail. */
export async function signUpOnPricing(
  page: Page,
  gotoIn: (path: string, lang: Lang) => Promise<void>,
  lang: Lang,
  tag: string,
  options?: SignUpOptions,
): Promise<string> {
  await gotoIn('/pricing', lang);
  const email = await signUpThroughApi(page, lang, tag, options);
  await page.reload();
  return email;
}

/** The pricing page's "Add to cart" of the Pro licence. */
export const addProToCart = (page: Page, lang: Lang) =>
  page
    .getByRole('article', { name: 'Pro' })
    .getByRole('button', { name: lang === 'fr' ? 'Ajouter au panier' : 'Add to cart' })
    .click();

/** Pricing -> cart with the Pro licence -> checkout. */
export async function proToCheckout(page: Page, lang: Lang, t: StoreCopy): Promise<void> {
  await addProToCart(page, lang);
  await expect(page).toHaveURL(/\/store\/cart$/);
  await page.getByRole('link', { name: t.cart.summary.checkout }).click();
  await expect(page).toHaveURL(/\/store\/checkout$/);
}

/** The terms accepted and the order placed, once the checkout's form is filled. */
export async function acceptTermsAndPlaceOrder(page: Page, t: StoreCopy): Promise<void> {
  await page.getByRole('checkbox', { name: new RegExp(t.checkout.consent.termsLink) }).check();
  await page.getByRole('button', { name: t.checkout.actions.submit }).click();
}
