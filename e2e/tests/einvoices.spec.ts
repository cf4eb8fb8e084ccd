import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, type Lang } from '../support/fixtures';

// A French company buys with its SIREN and a delivery address that differs
// (docs/decisions/043-factur-x-e-invoices.md, docs/decisions/055-delivery-address-and-vat-alone.md):
// the sandbox card pays, the invoice downloads from the success page, and its embedded
// factur-x.xml names the buyer by SIREN under scheme 0002 and the delivery address as the
// ship-to party, read back with poppler as an accounting tool would.

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/locales',
);
const read = <T>(lang: Lang, ns: string): T =>
  JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as T;

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

const copy = (lang: Lang): Copy => ({
  cart: read(lang, 'cart'),
  checkout: read(lang, 'checkout'),
  payments: read(lang, 'payments'),
  orders: read(lang, 'orders'),
});

const label = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?(\\s*\\(.+\\))?$`);

/** A valid SIREN (Luhn key) of a French company. */
const SIREN = '732829320';

async function signUpFrenchCompany(page: Page, lang: Lang) {
  const res = await page.request.post('/api/v1/website/auth/register', {
    headers: { 'accept-language': lang },
    data: {
      firstname: 'Élodie',
      lastname: 'Fèvre',
      email: `e2e.einvoice.${lang}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemple.fr`,
      company: 'Atelier Fèvre SARL',
      phone: '+33 3 81 00 00 00',
      address: '3 place de l’Église',
      postal_code: '25000',
      city: 'Besançon',
      country: 'FR',
      password: 'Cadran-Sablier-2026',
    },
  });
  expect(res.status()).toBe(201);
}

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
      await gotoIn('/pricing', lang);
      await signUpFrenchCompany(page, lang);
      await page.reload();
      await page
        .getByRole('article', { name: 'Pro' })
        .getByRole('button', { name: lang === 'fr' ? 'Ajouter au panier' : 'Add to cart' })
        .click();
      await expect(page).toHaveURL(/\/store\/cart$/);
      await page.getByRole('link', { name: t.cart.summary.checkout }).click();
      await expect(page).toHaveURL(/\/store\/checkout$/);

      await page
        .getByRole('textbox', { name: label(t.checkout.items.primary) })
        .fill('atelier-fevre.fr');
      await page
        .getByRole('textbox', { name: label(t.checkout.billing.siren!) })
        .fill('732 829 320');
      await page.getByRole('checkbox', { name: t.checkout.delivery.differs }).check();
      const cityFields = page.getByRole('textbox', { name: label(t.checkout.billing.city!) });
      await expect(cityFields).toHaveCount(2);
      await page
        .getByRole('textbox', { name: label(t.checkout.billing.address_line_1!) })
        .nth(1)
        .fill('8 rue du Dépôt');
      await page
        .getByRole('textbox', { name: label(t.checkout.billing.postal_code!) })
        .nth(1)
        .fill('39100');
      await cityFields.nth(1).fill('Dole');
      await expectNoA11yViolations();

      await page.getByRole('checkbox', { name: new RegExp(t.checkout.consent.termsLink) }).check();
      await page.getByRole('button', { name: t.checkout.actions.submit }).click();
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
