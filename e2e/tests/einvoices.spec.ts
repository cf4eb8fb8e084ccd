import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { placeOrderThroughApi, signUpThroughApi } from '../support/client-account';
import { acceptTermsAndPlaceOrder, proToCheckout, signUpOnPricing } from '../support/store';
import { test, expect, type Lang } from '../support/fixtures';
import { fieldLabel, readLocales } from '../support/locales';
import { ownServerForJourneys } from '../support/own-server';
import { signInStaff, textOf } from '../support/renewals';

// A French company buys with its SIREN and a delivery address that differs
// (docs/decisions/043-factur-x-e-invoices.md, docs/decisions/055-delivery-address-and-vat-alone.md):
// the sandbox card pays, the invoice downloads from the success page, and its embedded
// factur-x.xml names the buyer by SIREN under scheme 0002 and the delivery address as the
// ship-to party, read back with poppler as an accounting tool would.

type Copy = {
  cart: { summary: { checkout: string } };
  checkout: {
    items: { primary: string };
    billing: Record<string, string>;
    delivery: { differs: string };
    consent: { termsLink: string };
    actions: { submit: string };
  };
  payments: { sandbox: Record<'pay', string> };
  orders: { success: { title: string; invoice: string } };
};

const copy = (lang: Lang) => readLocales<Copy>(lang, ['cart', 'checkout', 'payments', 'orders']);

/** A valid SIREN (Luhn key) of a French company. */
const SIREN = '732829320';

/** A French company's buyer in Besançon, as the registration form would sign it up. */
const frenchCompany = {
  firstname: 'Élodie',
  lastname: 'Fèvre',
  company: 'Atelier Fèvre SARL',
  phone: '+33 3 81 00 00 00',
  address: '3 place de l’Église',
  postal_code: '25000',
  city: 'Besançon',
  country: 'FR',
};

/** The factur-x.xml a PDF embeds, extracted with poppler's pdfdetach. */
function facturXmlOf(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadran-e2e-facturx-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    const list = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
    expect(list).toContain('factur-x.xml');
    const out = path.join(dir, 'factur-x.xml');
    execFileSync('pdfdetach', ['-savefile', 'factur-x.xml', '-o', out, file]);
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const lang of ['fr', 'en'] as const) {
  test.describe(`e-invoices (${lang})`, () => {
    test('a French company with its SIREN buys and its invoice carries the Factur-X data', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      await signUpOnPricing(page, gotoIn, lang, 'einvoice', { details: frenchCompany });
      await proToCheckout(page, lang, t);

      await page
        .getByRole('textbox', { name: fieldLabel(t.checkout.items.primary) })
        .fill('atelier-fevre.fr');
      await page
        .getByRole('textbox', { name: fieldLabel(t.checkout.billing.siren!) })
        .fill('732 829 320');
      await page.getByRole('checkbox', { name: t.checkout.delivery.differs }).check();
      const cityFields = page.getByRole('textbox', { name: fieldLabel(t.checkout.billing.city!) });
      await expect(cityFields).toHaveCount(2);
      await page
        .getByRole('textbox', { name: fieldLabel(t.checkout.billing.address_line_1!) })
        .nth(1)
        .fill('8 rue du Dépôt');
      await page
        .getByRole('textbox', { name: fieldLabel(t.checkout.billing.postal_code!) })
        .nth(1)
        .fill('39100');
      await cityFields.nth(1).fill('Dole');
      await expectNoA11yViolations();

      await acceptTermsAndPlaceOrder(page, t);
      await expect(page).toHaveURL(/\/store\/pay\/sandbox\/[0-9a-f-]{36}$/);
      await page.getByRole('button', { name: t.payments.sandbox.pay, exact: true }).click();

      await expect(page).toHaveURL(/\/store\/order\/success\/CAD-/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.success.title);
      const invoiceLink = page.getByRole('link', {
        name: new RegExp(
          t.orders.success.invoice
            .replace('{{number}}', 'FA-\\d{4}-\\d{5}')
            .replace(/[()]/g, '\\$&'),
        ),
      });
      const href = await invoiceLink.getAttribute('href');
      const pdf = await page.request.get(href!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');

      const xml = facturXmlOf(await pdf.body());
      expect(xml).toContain('urn:cen.eu:en16931:2017');
      expect(xml).toMatch(
        new RegExp(
          `<ram:BuyerTradeParty>[\\s\\S]*<ram:ID schemeID="0002">${SIREN}</ram:ID>[\\s\\S]*</ram:BuyerTradeParty>`,
        ),
      );
      expect(xml).toMatch(
        /<ram:ShipToTradeParty>[\s\S]*<ram:CityName>Dole<\/ram:CityName>[\s\S]*<\/ram:ShipToTradeParty>/,
      );
      await expectNoA11yViolations();
    });
  });
}

// Staff download the quarter's sales journal (FEC) and its One-Stop-Shop summary from the back
// office (docs/product.md 'Back office' ('Accounting exports')), on a server of their own (its
// administrator is made before it starts), after a French company's paid order.
const staff = {
  fr: { email: 'exports.fr@cadran.fr', password: 'Cadran-Comptable-2026' },
  en: { email: 'exports.en@cadran.fr', password: 'Cadran-Comptable-2026' },
};

test.describe('the accountant’s exports', () => {
  test.describe.configure({ mode: 'serial' });
  const server = ownServerForJourneys('einvoices', [staff.fr, staff.en]);

  for (const lang of ['fr', 'en'] as const) {
    test(`staff download the quarter's FEC and OSS summary (${lang})`, async ({
      page,
      browser,
    }) => {
      const t = textOf(lang);
      await signUpThroughApi(page, lang, 'exports', { origin: server.url });
      const placed = await placeOrderThroughApi(page, 'stripe', 'atelier-fevre.fr', {
        origin: server.url,
      });
      const paymentId = /\/sandbox\/([0-9a-f-]{36})$/.exec(placed.payment_url ?? '')?.[1];
      const paid = await page.request.post(
        `${server.url}/api/v1/website/payments/sandbox/${paymentId}`,
        { headers: { origin: server.url }, data: { decision: 'pay' } },
      );
      expect(paid.status()).toBe(200);
      const order = (await (
        await page.request.get(`${server.url}/api/v1/website/orders/${placed.order.id}`)
      ).json()) as { order: { invoice: { number: string } | null } };
      const invoiceNumber = order.order.invoice?.number;
      expect(invoiceNumber).toMatch(/^FA-\d{4}-\d{5}$/);

      const context = await browser.newContext({
        extraHTTPHeaders: { 'x-forwarded-for': '127.3.0.2' },
      });
      const staffPage = await context.newPage();
      await signInStaff(staffPage, server.url, lang, staff[lang]);
      await staffPage.goto(`${server.url}/admin/exports`);
      await expect(
        staffPage.getByRole('heading', { level: 1, name: t('admin-content', 'exports.title') }),
      ).toBeVisible();

      const fecLink = staffPage.getByRole('link', {
        name: t('admin-content', 'exports.journal.fec'),
      });
      const fec = await staffPage.request.get(
        new URL((await fecLink.getAttribute('href'))!, server.url).href,
      );
      expect(fec.status()).toBe(200);
      const journal = await fec.text();
      expect(journal.split('\n')[0]?.split('\t')).toHaveLength(18);
      expect(journal).toContain(invoiceNumber!);

      const ossLink = staffPage
        .locator('a[href*="/exports/oss"]')
        .filter({ hasText: t('admin-content', 'exports.json') });
      const oss = await staffPage.request.get(
        new URL((await ossLink.getAttribute('href'))!, server.url).href,
      );
      expect(oss.status()).toBe(200);
      expect(JSON.stringify(await oss.json())).toMatch(/\d{4}-Q[1-4]/);
      await context.close();
    });
  }
});
