import { expect, type Page } from '@playwright/test';
import { placeOrderThroughApi } from './client-account';
import type { Lang } from './fixtures';
import { addProToCart } from './store';
import { fieldLabel, textOf, type Texts } from './locales';

// What the journeys of licences that renew themselves share: the texts as the screens show
// them, a purchase of a monthly licence with automatic renewal through the site's own pages,
// the staff member's run of the renewals, and the owner's licences read with the page's session.

export { fieldLabel, textOf, type Texts } from './locales';

export interface RenewingLicence {
  id: string;
  key: string;
  order_id: string;
  expires_at: string;
  template: { id: number; name: string; billing_cycle: string };
  auto_renew: {
    enabled: boolean;
    method: { type: string; label: string; expires: string | null } | null;
    next_charge_at: string | null;
    next_amount: number | null;
  };
}

/**
 * A date as the client area writes it in `lang`: in the browser's own time zone, which the
 * journey reads from the page (the Paris calendar disagreed with it in the hour before Paris's
 * midnight on a host set to UTC).
 */
export async function longDate(page: Page, lang: Lang, iso: string): Promise<string> {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const date = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeZone,
  }).format(new Date(iso));
  // French writes the first day of a month as an ordinal, as the client area does.
  return lang === 'fr' ? date.replace(/^1 /, '1er ') : date;
}

/** The signed-in owner's licences, read with the page's session. */
export async function ownLicences(page: Page, origin: string): Promise<RenewingLicence[]> {
  const res = await page.request.get(`${origin}/api/v1/website/licenses`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { licenses: RenewingLicence[] }).licenses;
}

/**
 * On the pricing page, signed in: the monthly Pro licence to the cart, the checkout with the
 * automatic renewal ticked, and the sandbox page paid with `cardNumber`. Ends on the success page.
 */
export async function buyMonthlyWithAutoRenewal(
  page: Page,
  t: Texts,
  lang: Lang,
  cardNumber: string,
): Promise<void> {
  const monthly = lang === 'fr' ? 'Mensuel' : 'Monthly';
  await page.locator('label', { has: page.getByRole('radio', { name: monthly }) }).click();
  // The cards are the monthly ones before a card is added (a quicker visitor's clicks are held
  // and played in turn: held-clicks.spec.ts).
  await expect(page.getByRole('radio', { name: monthly })).toBeChecked();
  await addProToCart(page, lang);
  await page.getByRole('link', { name: t('cart', 'summary.checkout') }).click();
  await page
    .getByRole('textbox', { name: fieldLabel(t('checkout', 'items.primary')) })
    .fill('atelier-martin.fr');
  const consent = page.getByRole('checkbox', { name: t('renewals', 'consent.label') });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await expect(page.locator('#checkout-auto-renew-terms')).toContainText(
    t('renewals', 'every.monthly'),
  );
  await page
    .getByRole('checkbox', { name: new RegExp(t('checkout', 'consent.termsLink')) })
    .check();
  await page.getByRole('button', { name: t('checkout', 'actions.submit') }).click();
  await payOnSandbox(page, t, cardNumber);
}

/** Pays the sandbox page the browser is on, saving the card typed, and waits for success. */
export async function payOnSandbox(page: Page, t: Texts, cardNumber: string): Promise<void> {
  await expect(page).toHaveURL(/\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
  const card = page.getByLabel(t('renewals', 'sandbox.cardNumber'));
  await expect(card).toHaveValue('4242424242424242');
  await card.fill(cardNumber);
  await page.getByRole('button', { name: t('payments', 'sandbox.pay'), exact: true }).click();
  await expect(page).toHaveURL(/\/store\/order\/success\//);
  await expect(
    page.getByText(t('orders', 'success.payment.paidTitle'), { exact: true }),
  ).toBeVisible();
}

/**
 * On the sandbox's page where a licence's new method is saved: checks what it says and types
 * `cardNumber`, leaving the save to the journey.
 */
export async function saveMethodOnSandbox(page: Page, t: Texts, cardNumber: string): Promise<void> {
  await expect(page).toHaveURL(/\/client\/licences\/[0-9a-f-]{36}\/payment-method\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: t('renewals', 'setup.title') }),
  ).toBeVisible();
  const card = page.getByLabel(t('renewals', 'sandbox.cardNumber'));
  await expect(card).toHaveValue('4242424242424242');
  await card.fill(cardNumber);
}

/** A staff member signed in to the back office (the second factor left for later, as the demo allows). */
export async function signInStaff(
  page: Page,
  origin: string,
  lang: Lang,
  account: { email: string; password: string },
): Promise<void> {
  const t = textOf(lang);
  await page.addInitScript((value) => window.localStorage.setItem('language', value), lang);
  await page.goto(`${origin}/admin/renewals`);
  await page.getByLabel(t('admin', 'signIn.email')).fill(account.email);
  await page.getByLabel(t('admin', 'signIn.password')).fill(account.password);
  await page.getByRole('button', { name: t('admin', 'signIn.submit') }).click();
  await page.getByRole('button', { name: t('admin', 'secondFactor.later') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: t('admin-renewals', 'title') }),
  ).toBeVisible();
}

/** Runs the renewals from the back office's screen, as if it were `asOf`. */
export async function runRenewalsAsOf(staffPage: Page, lang: Lang, asOf: Date): Promise<void> {
  const t = textOf(lang);
  // The field takes the staff member's local time, as the browser shows it.
  const local = new Date(asOf.getTime() - asOf.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await staffPage.getByLabel(t('admin-renewals', 'run.asOf')).fill(local);
  await staffPage.getByRole('button', { name: t('admin-renewals', 'run.button') }).click();
  // The run's own report, not any status the screen shows meanwhile (a table reloading).
  const done = t('admin-renewals', 'run.done').split('{{')[0]!.trim();
  await expect(staffPage.getByRole('status').filter({ hasText: done })).toBeVisible();
}

/**
 * A monthly Pro licence bought through the API as the checkout buys it, with automatic renewal,
 * its payment decided on the sandbox saving `cardNumber`. Answers the new licence.
 */
export async function buyThroughApi(
  page: Page,
  origin: string,
  cardNumber: string,
): Promise<RenewingLicence> {
  const before = new Set((await ownLicences(page, origin)).map((licence) => licence.id));
  const placed = await placeOrderThroughApi(page, 'stripe', 'atelier-martin.fr', {
    origin,
    cycle: 'monthly',
    autoRenew: true,
  });
  const paymentId = /\/sandbox\/([0-9a-f-]{36})$/.exec(placed.payment_url ?? '')?.[1];
  const paid = await page.request.post(`${origin}/api/v1/website/payments/sandbox/${paymentId}`, {
    headers: { origin, 'content-type': 'application/json' },
    data: { decision: 'pay', card_number: cardNumber },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const licence = (await ownLicences(page, origin)).find((candidate) => !before.has(candidate.id));
  expect(licence, 'the licence the order issued').toBeDefined();
  return licence!;
}
