import { request as playwrightRequest, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  declineOnSandboxThroughApi,
  E2E_PASSWORD,
  mailedLinkPath,
  payOnSandboxThroughApi,
  placeOrderThroughApi,
  signUpThroughApi,
} from '../support/client-account';
import { test, expect, type Lang } from '../support/fixtures';
import { readLocale } from '../support/locales';

// The client area (docs/product.md 'Client area'), in French and English: an order e-mail's
// link asks to sign in and opens the order, whose invoice downloads as a PDF; a licence's
// installation is freed and its domain changed; a licence is renewed and a pending card order
// paid from their pages through the payment sandbox; a forgotten password is reset, the e-mail
// address changed and the account deleted, from the links the account's mails carry. Every
// screen passes axe-core and logs no console error.

type ClientCopy = {
  signIn: { title: string; forgot: string };
  nav: { orders: string; licences: string; profile: string };
  fields: { email: string; currentPassword: string; newPassword: string };
  forgot: { title: string };
  reset: { title: string };
  confirm: { title: string };
  dashboard: { title: string };
  profile: { email: string; pendingEmail: string };
  security: { emailTitle: string; newEmail: string };
  privacy: { understood: string; delete: string };
  accountDeleted: { title: string; home: string };
  orders: { title: string };
  order: {
    titleWithNumber: string;
    downloadInvoice: string;
    pay: string;
    actions: string;
    payWith: Record<'stripe' | 'paypal' | 'bank_transfer', string>;
    cancel: string;
    cancelConfirm: string;
  };
  licence: {
    renewal: string;
    renew: string;
    free: string;
    freeConfirm: string;
    noInstallations: string;
    domainLabel: string;
    saveDomains: string;
  };
};
type AuthCopy = { fields: { email: string; password: string }; login: { submit: string } };

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** Opens a client-area address with `lang` saved as the visitor's choice, as the site saves it. */
async function openIn(page: Page, address: string, lang: Lang) {
  await page.addInitScript((value) => window.localStorage.setItem('language', value), lang);
  await page.context().addCookies([{ name: 'language', value: lang, url: baseURL }]);
  await page.goto(address);
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
}

async function signOutThroughApi(page: Page) {
  const res = await page.request.post('/api/v1/website/auth/logout', {
    headers: { origin: baseURL, 'content-type': 'application/json' },
    data: {},
  });
  expect(res.status()).toBe(200);
}

async function signInWithKeyboard(
  page: Page,
  auth: AuthCopy,
  email: string,
  password = E2E_PASSWORD,
) {
  await page.getByLabel(auth.fields.email).fill(email);
  await page.getByLabel(auth.fields.password, { exact: false }).first().fill(password);
  await page.keyboard.press('Enter');
}

/** Takes out of the console's errors the `count` failed requests of `status` a journey expects. */
function expectFailedRequests(consoleErrors: string[], status: number, count: number) {
  const expected = consoleErrors.filter((line) => line.includes(`status of ${status}`));
  expect(expected).toHaveLength(count);
  for (const line of expected) consoleErrors.splice(consoleErrors.indexOf(line), 1);
}

/** The server's answer to a form, shown as a polite message (an error would be an alert). */
async function expectDone(page: Page) {
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /\S/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
}

/** The specification's message for a refused cancellation (a typographic apostrophe is fine). */
const CANCEL_FAILED: Record<Lang, RegExp> = {
  fr: /Erreur lors de l['’]annulation de la commande/,
  en: /Error while cancelling the order/,
};
const CANCEL_REFUSED: Record<Lang, RegExp> = {
  fr: /Cette commande ne peut plus être annulée/,
  en: /This order can no longer be cancelled/,
};

for (const lang of ['fr', 'en'] as const) {
  const t = readLocale<ClientCopy>(lang, 'client');
  const auth = readLocale<AuthCopy>(lang, 'auth');

  test.describe(`client area (${lang})`, () => {
    test('an order link signs in, opens the order and downloads its invoice', async ({
      page,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      const email = await signUpThroughApi(page, lang, 'client');
      const placed = await placeOrderThroughApi(page, 'stripe');
      await payOnSandboxThroughApi(page, placed.payment_url);
      await signOutThroughApi(page);

      // The order e-mail links the order by its number.
      await openIn(page, `/client/orders/${placed.order.order_number}`, lang);
      await expect(page).toHaveURL(/\/client\/sign-in\?next=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.signIn.title);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expectNoA11yViolations();
      await signInWithKeyboard(page, auth, email);

      const title = fill(t.order.titleWithNumber, { number: placed.order.order_number });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveURL(new RegExp(`/client/orders/${placed.order.order_number}$`));
      await expectNoA11yViolations();
      const invoice = page.getByRole('link', { name: t.order.downloadInvoice });
      const href = await invoice.getAttribute('href');
      const pdf = await page.request.get(href!);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const download = page.waitForEvent('download');
      await invoice.click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

      await page.getByRole('link', { name: t.nav.orders, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.title);
      await expect(page.getByRole('link', { name: placed.order.order_number })).toBeVisible();
      await expectNoA11yViolations();
    });

    test('a licence: free an installation, then change its domain', async ({
      page,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      await signUpThroughApi(page, lang, 'licence');
      const placed = await placeOrderThroughApi(page, 'stripe');
      await payOnSandboxThroughApi(page, placed.payment_url);
      const licences = (await (await page.request.get('/api/v1/website/licenses')).json()) as {
        licenses: Array<{ id: string; key: string }>;
      };
      const licence = licences.licenses[0]!;
      // An installation of Cadran CMS activates itself: no browser, no cookie.
      const installation = await playwrightRequest.newContext({ baseURL });
      const activated = await installation.post('/api/v1/licenses/activate', {
        data: {
          license_key: licence.key,
          domain: 'atelier-martin.fr',
          instance_name: 'production',
        },
      });
      expect(activated.status()).toBe(201);
      await installation.dispose();

      await openIn(page, '/client/licences', lang);
      await page.locator(`main a[href="/client/licences/${licence.id}"]`).click();
      await expect(page.getByText(licence.key, { exact: true })).toBeVisible();
      await expectNoA11yViolations();

      await page.getByRole('button', { name: t.licence.free }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await expectNoA11yViolations();
      await dialog.getByRole('button', { name: t.licence.freeConfirm }).click();
      await expect(page.getByText(t.licence.noInstallations)).toBeVisible();

      const domain = page.getByLabel(fill(t.licence.domainLabel, { number: 1 }), { exact: true });
      await domain.fill('https://www.boutique-martin.fr/accueil');
      await page.getByRole('button', { name: t.licence.saveDomains }).click();
      await expect(domain).toHaveValue('boutique-martin.fr');
      await expect(page.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();
    });

    test('a licence is renewed from its page: paid in the sandbox, a term added to its expiry', async ({
      page,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      await signUpThroughApi(page, lang, 'renew');
      const placed = await placeOrderThroughApi(page, 'stripe');
      await payOnSandboxThroughApi(page, placed.payment_url);
      type Listed = {
        licenses: Array<{ id: string; key: string; starts_at: string; expires_at: string }>;
      };
      const before = ((await (await page.request.get('/api/v1/website/licenses')).json()) as Listed)
        .licenses[0]!;

      await openIn(page, `/client/licences/${before.id}`, lang);
      await expect(
        page.getByRole('heading', { name: t.licence.renewal, exact: true }),
      ).toBeVisible();
      await expectNoA11yViolations();
      const renew = page.getByRole('button', { name: t.licence.renew, exact: true });
      await renew.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
      const copy = readLocale<{ sandbox: { pay: string } }>(lang, 'payments');
      await page.getByRole('button', { name: copy.sandbox.pay, exact: true }).click();
      await expect(page).toHaveURL(/\/store\/order\/success\/CAD-\d{4}-[2-9A-HJ-NP-Z]{8}$/);
      // The success page names the licence renewed and its new term.
      await expect(page.getByRole('main')).toContainText(before.key);

      const after = ((await (await page.request.get('/api/v1/website/licenses')).json()) as Listed)
        .licenses;
      expect(after).toHaveLength(1);
      expect(after[0]!.key).toBe(before.key);
      // One term more, from the old expiry: as long as the first term, give or take a
      // month's length.
      const firstTerm = Date.parse(before.expires_at) - Date.parse(before.starts_at);
      const added = Date.parse(after[0]!.expires_at) - Date.parse(before.expires_at);
      expect(Math.abs(added - firstTerm)).toBeLessThanOrEqual(3 * 86_400_000);
    });

    test('a pending card order is paid from its page through the sandbox', async ({
      page,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      await signUpThroughApi(page, lang, 'resume');
      const placed = await placeOrderThroughApi(page, 'stripe');

      await openIn(page, `/client/orders/${placed.order.id}`, lang);
      await expectNoA11yViolations();
      const pay = page.getByRole('button', { name: t.order.pay });
      await pay.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
      const copy = readLocale<{ sandbox: { pay: string } }>(lang, 'payments');
      await page.getByRole('button', { name: copy.sandbox.pay, exact: true }).click();
      await expect(page).toHaveURL(/\/store\/order\/success\/CAD-\d{4}-[2-9A-HJ-NP-Z]{8}$/);

      await openIn(page, `/client/orders/${placed.order.id}`, lang);
      await expect(page.getByRole('link', { name: t.order.downloadInvoice })).toBeVisible();
    });

    test('a failed card order cancelled from elsewhere: cancelling it here says why, in the specification’s words', async ({
      page,
      consoleErrors,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      await signUpThroughApi(page, lang, 'cancel');
      const placed = await placeOrderThroughApi(page, 'stripe');
      await declineOnSandboxThroughApi(page, placed.payment_url);

      await openIn(page, `/client/orders/${placed.order.id}`, lang);
      const actions = page.getByRole('region', { name: t.order.actions });
      await expect(actions.getByRole('button', { name: t.order.payWith.paypal })).toBeVisible();
      // Another tab cancels the order while this page still offers to.
      const elsewhere = await page.request.post(
        `/api/v1/website/orders/${placed.order.id}/cancel`,
        {
          headers: { origin: baseURL, 'content-type': 'application/json' },
          data: {},
        },
      );
      expect(elsewhere.status()).toBe(200);

      await actions.getByRole('button', { name: t.order.cancel }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: t.order.cancelConfirm }).click();
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText(CANCEL_FAILED[lang]);
      await expect(alert).toContainText(CANCEL_REFUSED[lang]);
      await expectNoA11yViolations();
      expectFailedRequests(consoleErrors, 409, 1);
    });

    test('a session ended on another device: the sign-in page opens with no refused request', async ({
      page,
    }) => {
      await page.goto('/');
      await signUpThroughApi(page, lang, 'stale');
      // Another device signs this session out; this browser keeps its signed-in hint.
      const cookies = await page.context().cookies();
      const elsewhere = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: {
          origin: baseURL,
          cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
        },
      });
      expect((await elsewhere.post('/api/v1/website/auth/logout', { data: {} })).status()).toBe(
        200,
      );
      await elsewhere.dispose();

      await openIn(page, '/client/sign-in', lang);
      await expect(page.getByRole('heading', { level: 1, name: t.signIn.title })).toBeVisible();
      // The console-error fixture checks that nothing was logged, a 401 included.
    });

    test('a forgotten password is reset from the e-mailed link', async ({
      page,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      const email = await signUpThroughApi(page, lang, 'reset');
      await signOutThroughApi(page);

      await openIn(page, '/client/sign-in', lang);
      await page.getByRole('link', { name: t.signIn.forgot }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/client\/forgot-password$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.forgot.title);
      await expectNoA11yViolations();
      await page.getByLabel(t.fields.email).fill(email);
      await page.keyboard.press('Enter');
      await expectDone(page);

      await page.goto(await mailedLinkPath(email, '/client/reset-password'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.reset.title);
      await expectNoA11yViolations();
      const newPassword = 'Horloge-Comtoise-1789';
      await page.getByLabel(t.fields.newPassword).fill(newPassword);
      await page.keyboard.press('Enter');
      await expectDone(page);
      await expectNoA11yViolations();

      await openIn(page, '/client/sign-in', lang);
      await signInWithKeyboard(page, auth, email, newPassword);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.dashboard.title);
    });

    test('the e-mail address is changed and confirmed from the e-mailed link', async ({
      page,
      consoleErrors,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      const email = await signUpThroughApi(page, lang, 'move');
      const newEmail = email.replace('e2e.move.', 'e2e.moved.');

      await openIn(page, '/client/security', lang);
      await expectNoA11yViolations();
      const form = page.getByRole('region', { name: t.security.emailTitle });
      const password = form.getByLabel(t.fields.currentPassword);
      await form.getByLabel(t.security.newEmail).fill(newEmail);
      // A wrong password is refused on its field, and nothing is mailed.
      await password.fill('Pas-le-bon-1234');
      await page.keyboard.press('Enter');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expectNoA11yViolations();
      expectFailedRequests(consoleErrors, 403, 1);
      await password.fill(E2E_PASSWORD);
      await page.keyboard.press('Enter');
      await expectDone(page);

      await page.getByRole('link', { name: t.nav.profile }).click();
      await expect(page.getByText(fill(t.profile.pendingEmail, { email: newEmail }))).toBeVisible();
      await expectNoA11yViolations();

      await page.goto(await mailedLinkPath(newEmail, '/client/confirm-email'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.confirm.title);
      await expectDone(page);
      await expectNoA11yViolations();

      await openIn(page, '/client/profile', lang);
      await expect(page.getByText(fill(t.profile.email, { email: newEmail }))).toBeVisible();
      await expect(page.getByText(fill(t.profile.pendingEmail, { email: newEmail }))).toHaveCount(
        0,
      );
    });

    test('the account is deleted with its password', async ({
      page,
      consoleErrors,
      expectNoA11yViolations,
    }) => {
      await page.goto('/');
      const email = await signUpThroughApi(page, lang, 'leave');

      await openIn(page, '/client/privacy', lang);
      await expectNoA11yViolations();
      await page.getByLabel(t.fields.currentPassword).fill(E2E_PASSWORD);
      await page.getByLabel(t.privacy.understood).focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: t.privacy.delete }).click();
      // The deletion ends on a screen that says so, signed out, in the account's language.
      await expect(page).toHaveURL(/\/client\/account-deleted$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accountDeleted.title);
      await expect(page.getByRole('link', { name: t.accountDeleted.home })).toHaveAttribute(
        'href',
        lang === 'en' ? '/en/' : '/',
      );
      await expectNoA11yViolations();

      await openIn(page, '/client/sign-in', lang);
      await signInWithKeyboard(page, auth, email);
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
      await expect(page).toHaveURL(/\/client\/sign-in$/);
      await expectNoA11yViolations();
      // The refused sign-in is the browser's one expected failed request.
      expectFailedRequests(consoleErrors, 401, 1);
    });
  });
}
