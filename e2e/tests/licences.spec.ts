import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { acceptTermsAndPlaceOrder, proToCheckout, signUpOnPricing } from '../support/store';
import { test, expect, type Lang } from '../support/fixtures';
import { fieldLabel, readLocales } from '../support/locales';
import { baseURL } from '../playwright.config';

// Licences after the sale (docs/product.md 'Licences'), in French and English: a licence bought
// through the store and paid on the sandbox page is activated by an installation through the
// activation API, the owner's list counts the installation, and a renewal paid the same way
// keeps the key, moves the expiry by a year and comes with its own invoice on its success page.
// The owner's side is read through its API here; the client area's licence screens have their
// own journey (client-area.spec.ts).

type Copy = {
  cart: { summary: { checkout: string } };
  checkout: {
    items: { primary: string };
    consent: { termsLink: string };
    actions: { submit: string };
  };
  payments: { sandbox: { pay: string } };
  orders: { success: { title: string; invoice: string; payment: { paidTitle: string } } };
};

const copy = (lang: Lang) => readLocales<Copy>(lang, ['cart', 'checkout', 'payments', 'orders']);

const renewalLine = { fr: 'renouvellement de la licence', en: 'renewal of licence' } as const;

interface OwnedLicence {
  id: string;
  key: string;
  expires_at: string;
  active_instances: number;
  instances: Array<{ id: string; domain: string }>;
}

/** The signed-in owner's licences, read with the page's session. */
async function myLicences(page: Page): Promise<OwnedLicence[]> {
  const res = await page.request.get('/api/v1/website/licenses');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { licenses: OwnedLicence[] }).licenses;
}

/** Pays on the sandbox page the browser is on, with the keyboard, and waits for the success page. */
async function payOnSandbox(page: Page, t: Copy) {
  await expect(page).toHaveURL(/\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
  const pay = page.getByRole('button', { name: t.payments.sandbox.pay, exact: true });
  await pay.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/store\/order\/success\/CAD-\d{4}-[2-9A-HJ-NP-Z]{8}$/);
  await expect(page.getByText(t.orders.success.payment.paidTitle, { exact: true })).toBeVisible();
}

for (const lang of ['fr', 'en'] as const) {
  test.describe(`licences (${lang})`, () => {
    let installation: APIRequestContext;
    test.beforeEach(async () => {
      // An installation of Cadran CMS: no browser, no cookie, its own address.
      installation = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: {
          'x-forwarded-for': `127.9.${lang === 'fr' ? 1 : 2}.${Date.now() % 250}`,
        },
      });
    });
    test.afterEach(async () => installation.dispose());

    test('buy, activate through the API, see the installation, renew: same key, a year more, a new invoice', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      await signUpOnPricing(page, gotoIn, lang, 'licence');
      await proToCheckout(page, lang, t);
      await page
        .getByRole('textbox', { name: fieldLabel(t.checkout.items.primary) })
        .fill('atelier-martin.fr');
      await acceptTermsAndPlaceOrder(page, t);
      await payOnSandbox(page, t);
      const firstInvoice = page.getByRole('link', { name: /FA-\d{4}-\d{5}/ });
      await expect(firstInvoice).toBeVisible();
      const firstInvoiceNumber = (await firstInvoice.textContent())!.match(/FA-\d{4}-\d{5}/)![0];

      const [licence] = await myLicences(page);
      expect(licence).toBeDefined();
      expect(licence!.active_instances).toBe(0);

      // The installation activates itself on www.atelier-martin.fr: the same domain.
      const activated = await installation.post('/api/v1/licenses/activate', {
        headers: { 'accept-language': lang },
        data: {
          license_key: licence!.key,
          domain: 'https://www.atelier-martin.fr',
          instance_name: 'production',
        },
      });
      expect(activated.status()).toBe(201);
      const answer = (await activated.json()) as {
        instance: { id: string };
        license: { status: string; active_instances: number };
        license_file: string;
      };
      expect(answer.license).toMatchObject({ status: 'active', active_instances: 1 });
      expect(answer.license_file.split('.')).toHaveLength(3);
      const jwks = await installation.get('/.well-known/jwks.json');
      expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThanOrEqual(1);

      const [withInstance] = await myLicences(page);
      expect(withInstance).toMatchObject({
        key: licence!.key,
        active_instances: 1,
        instances: [{ id: answer.instance.id, domain: 'atelier-martin.fr' }],
      });

      // Renewal: ordered through the API as the client area will, paid on the sandbox page.
      const renewal = await page.request.post(`/api/v1/website/licenses/${licence!.id}/renew`, {
        headers: { origin: baseURL, 'accept-language': lang },
        data: { payment_method: 'stripe' },
      });
      expect(renewal.status()).toBe(201);
      const renewalOrder = (await renewal.json()) as {
        order: { order_number: string };
        payment_url: string;
      };
      await page.goto(renewalOrder.payment_url);
      await payOnSandbox(page, t);
      await expect(page).toHaveURL(new RegExp(`${renewalOrder.order.order_number}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.success.title);
      await expect(
        page.getByText(new RegExp(`${renewalLine[lang]} ${licence!.key}`)),
      ).toBeVisible();
      const invoice = page.getByRole('link', { name: /FA-\d{4}-\d{5}/ });
      await expect(invoice).toBeVisible();
      expect((await invoice.textContent())!).not.toContain(firstInvoiceNumber);
      await expectNoA11yViolations();

      const [renewed] = await myLicences(page);
      expect(renewed!.key).toBe(licence!.key);
      const before = new Date(licence!.expires_at);
      const after = new Date(renewed!.expires_at);
      before.setUTCFullYear(before.getUTCFullYear() + 1);
      expect(after.toISOString()).toBe(before.toISOString());

      const validated = await installation.post('/api/v1/licenses/validate', {
        data: { license_key: licence!.key, instance_id: answer.instance.id },
      });
      expect(await validated.json()).toMatchObject({
        valid: true,
        status: 'active',
        license: { expires_at: renewed!.expires_at },
      });
    });
  });
}
