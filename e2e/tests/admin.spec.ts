import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Cookie, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { placeSandboxPaidOrder, placeTransferOrder } from '../support/buyer';
import { registrationBody } from '../support/registration';
import { test, expect, type Lang } from '../support/fixtures';
import { textOf } from '../support/locales';
import { ownServerForJourneys } from '../support/own-server';

// The back office (docs/product.md 'Back office' ('Screens')), in both languages, against what
// the staff API answers today: a staff member made from the shell signs in, sets up the
// authenticator app (codes computed here as the phone would), settles a buyer's bank transfer,
// adds a roadmap item that an open public /roadmap page shows live, and finds both in the audit
// trail; then, in the same staff session, refunds a sandbox-paid order, changes a template's price
// that /pricing shows at once, and answers a contact message. A server of its own: the staff
// accounts are made before it starts.

/** A text of the back office in a language, by namespace and key ('admin', 'signIn.title'). */
function copy(lang: Lang) {
  const texts = textOf(lang);
  return (namespace: 'admin' | 'sales' | 'content', key: string): string =>
    texts(namespace === 'admin' ? 'admin' : `admin-${namespace}`, key);
}

const staff = {
  fr: { email: 'direction.fr@cadran.fr', password: 'Cadran-Direction-2026' },
  en: { email: 'direction.en@cadran.fr', password: 'Cadran-Direction-2026' },
};

/** The six digits the staff member's phone would show for this secret now. */
const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** Money as the site prints it: "123,45 €" in French, "€123.45" in English. */
const money = (cents: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);

/** A journey's texts and a stamp that makes its data its own; journeys run long. */
function journeyIn(lang: Lang) {
  test.setTimeout(90_000);
  return { t: copy(lang), stamp: `${lang}${Date.now()}` };
}

async function openIn(page: Page, url: string, lang: Lang) {
  await page.addInitScript((value) => window.localStorage.setItem('language', value), lang);
  await page.goto(url);
}

test.describe('back office', () => {
  test.describe.configure({ mode: 'serial' });
  const server = ownServerForJourneys('admin', [staff.fr, staff.en]);
  /** Each language's staff session once its second factor is proved, for the next journey. */
  const sessions: Partial<Record<Lang, Cookie[]>> = {};
  /** The staff session the sign-in journey left, in the page's browser. */
  async function resumeStaffSession(page: Page, lang: Lang) {
    const session = sessions[lang];
    expect(session, 'the sign-in journey ran first').toBeDefined();
    await page.context().addCookies(session ?? []);
  }

  for (const lang of ['fr', 'en'] as const) {
    test(`sign in with a second factor, settle a transfer, publish a roadmap item, read the audit (${lang})`, async ({
      page,
      browser,
      request,
      expectNoA11yViolations,
    }) => {
      const { t, stamp } = journeyIn(lang);
      const order = await placeTransferOrder(request, server.url, stamp);

      // Sign in: password first. The orders screen is asked for; it opens once signed in.
      await openIn(page, `${server.url}/admin/orders`, lang);
      await expect(
        page.getByRole('heading', { level: 1, name: t('admin', 'signIn.title') }),
      ).toBeVisible();
      await expectNoA11yViolations();
      await page.getByLabel(t('admin', 'signIn.email')).fill(staff[lang].email);
      await page.getByLabel(t('admin', 'signIn.password')).fill(staff[lang].password);
      await page.getByRole('button', { name: t('admin', 'signIn.submit') }).click();

      // First sign-in: set up the authenticator app, then keep the recovery codes.
      await expect(
        page.getByRole('heading', { level: 1, name: t('admin', 'secondFactor.enrolTitle') }),
      ).toBeVisible();
      await page.getByRole('button', { name: t('admin', 'secondFactor.start') }).click();
      await expect(page.getByRole('img', { name: t('admin', 'secondFactor.qrAlt') })).toBeVisible();
      const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      await expectNoA11yViolations();
      await page.getByLabel(t('admin', 'secondFactor.code')).fill(codeFor(secret));
      await page.getByRole('button', { name: t('admin', 'secondFactor.confirm') }).click();
      const codes = page.getByRole('list', { name: t('admin', 'secondFactor.codesTitle') });
      await expect(codes.getByRole('listitem')).toHaveCount(10);
      const open = page.getByRole('button', { name: t('admin', 'secondFactor.continue') });
      await expect(open).toBeDisabled();
      await page.getByLabel(t('admin', 'secondFactor.savedConfirm')).check();
      await expectNoA11yViolations();
      await open.click();

      // The orders list, the buyer's order in it; the transfer settled from its row.
      await expect(
        page.getByRole('heading', { level: 1, name: t('sales', 'orders.title') }),
      ).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: order.orderNumber });
      await expect(row).toBeVisible();
      await expectNoA11yViolations();
      await row.getByRole('button', { name: t('sales', 'settle.open') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('sales', 'settle.reference')).fill(`VIR ${order.orderNumber}`);
      await dialog.getByRole('button', { name: t('sales', 'settle.submit') }).click();
      await expect(dialog).toBeHidden();
      // The status column (a phone shows the same words, hidden here, under the number).
      await expect(
        row.getByText(t('admin', 'status.payment.paid'), { exact: true }).filter({ visible: true }),
      ).toBeVisible();

      // The buyer now has the order's licence.
      const licences = await request.get(`${server.url}/api/v1/website/licenses`, {
        headers: { authorization: `Bearer ${order.token}` },
      });
      expect(licences.status()).toBe(200);
      expect(JSON.stringify(await licences.json())).toContain(`atelier-${stamp}.fr`);

      // A roadmap item, made public here, appears on a visitor's open /roadmap page.
      const visitor = await browser.newPage();
      await openIn(visitor, `${server.url}${lang === 'en' ? '/en' : ''}/roadmap`, lang);
      await visitor.getByRole('heading', { level: 1 }).waitFor();
      const title = { fr: `Tableaux de bord ${stamp}`, en: `Dashboards ${stamp}` };
      await page.getByRole('link', { name: t('admin', 'nav.roadmap') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('content', 'roadmap.title') }),
      ).toBeVisible();
      await page.getByLabel(t('content', 'roadmap.titleFr')).fill(title.fr);
      await page.getByLabel(t('content', 'roadmap.titleEn')).fill(title.en);
      await page.getByLabel(t('content', 'roadmap.public')).check();
      await page.getByRole('button', { name: t('content', 'roadmap.createSubmit') }).click();
      await expect(page.getByRole('heading', { name: title.fr })).toBeVisible();
      await expectNoA11yViolations();
      await expect(visitor.getByRole('heading', { name: title[lang] })).toBeVisible({
        timeout: 5_000,
      });
      await visitor.close();

      // The audit trail lists what was just done.
      await page.getByRole('link', { name: t('admin', 'nav.audit') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('content', 'audit.title') }),
      ).toBeVisible();
      // Each action named in the reader's language.
      for (const action of ['roadmap.create', 'order.mark_paid', 'staff.second_factor_enrol']) {
        const label = t('content', `audit.actions.${action}`);
        await expect(page.getByRole('cell', { name: label, exact: true }).first()).toBeVisible();
      }
      await expectNoA11yViolations();
      sessions[lang] = await page.context().cookies();
    });
  }

  for (const lang of ['fr', 'en'] as const) {
    test(`refund a paid order, change a price seen on /pricing, answer a message (${lang})`, async ({
      page,
      request,
      expectNoA11yViolations,
    }) => {
      const { t, stamp } = journeyIn(lang);
      await resumeStaffSession(page, lang);

      // A card payment made on the sandbox, refunded in full: a credit note, the licence revoked.
      const order = await placeSandboxPaidOrder(request, server.url, stamp);
      await openIn(page, `${server.url}/admin/orders/${order.orderId}`, lang);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: t('sales', 'orders.detailTitle').replace('{{number}}', order.orderNumber),
        }),
      ).toBeVisible();
      const licences = page.getByRole('region', { name: t('sales', 'orders.licences') });
      await expect(licences.getByText(t('admin', 'status.licence.active'))).toBeVisible();
      await page.getByRole('button', { name: t('sales', 'orders.refund') }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByLabel(t('sales', 'orders.reason')).fill(`Rétractation ${stamp}`);
      await expectNoA11yViolations();
      await dialog.getByRole('button', { name: t('sales', 'orders.refundConfirm') }).click();
      await expect(dialog).toBeHidden();
      const documents = page.getByRole('region', { name: t('sales', 'orders.documents') });
      await expect(documents.getByText(t('sales', 'orders.creditNote'))).toBeVisible();
      await expect(licences.getByText(t('admin', 'status.licence.revoked'))).toBeVisible();
      await expect(page.getByText(`Rétractation ${stamp}`).first()).toBeVisible();
      await expectNoA11yViolations();
      // On a phone the page keeps to the screen: the lines table scrolls inside its card.
      const desk = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      if (desk) await page.setViewportSize(desk);
      await licences.getByRole('link').first().click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('sales', 'licences.detailTitle') }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: t('sales', 'licences.state') })
          .getByText(t('admin', 'status.licence.revoked')),
      ).toBeVisible();

      // The yearly Pro's price changed here is the one /pricing shows (yearly first), at once.
      const price = lang === 'fr' ? 12345 : 23456;
      await page.getByRole('link', { name: t('admin', 'nav.catalogue') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('content', 'catalogue.title') }),
      ).toBeVisible();
      await page
        .getByRole('button')
        .filter({ has: page.getByText('Pro', { exact: true }) })
        .filter({ hasText: t('admin', 'status.cycle.annually') })
        .click();
      const priceField = page.getByLabel(t('content', 'catalogue.price'));
      await priceField.fill(money(price, 'fr').replace(/[^\d,]/g, ''));
      await page.getByRole('button', { name: t('content', 'catalogue.save') }).click();
      await expect(page.getByText(t('content', 'catalogue.saved'))).toBeVisible();
      await expectNoA11yViolations();
      await page.goto(`${server.url}${lang === 'en' ? '/en' : ''}/pricing`);
      await expect(page.getByRole('article', { name: 'Pro' })).toContainText(money(price, lang));

      // A message sent through the public contact API, answered here: the reply in its history.
      const sender = `contact.${stamp}@exemple.fr`;
      const sent = await request.post(`${server.url}/api/v1/website/contact`, {
        headers: { origin: server.url, 'accept-language': lang },
        data: {
          name: 'Camille Martin',
          email: sender,
          subject: 'support',
          message: `Bonjour, ma licence ne s’active pas (${stamp}).`,
        },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      await openIn(page, `${server.url}/admin/messages`, lang);
      await page.getByRole('row').filter({ hasText: sender }).getByRole('link').click();
      await expect(page.getByText(`(${stamp})`)).toBeVisible();
      const answer = `Merci, la clé est réactivée (${stamp}).`;
      await page
        .getByLabel(t('content', 'messages.replyLabel').replace('{{email}}', sender))
        .fill(answer);
      await page.getByRole('button', { name: t('content', 'messages.send') }).click();
      const history = page.getByRole('region', { name: t('content', 'messages.history') });
      await expect(history.getByText(answer)).toBeVisible();
      await expect(page.getByText(t('admin', 'status.message.answered'))).toBeVisible();
      await expectNoA11yViolations();
    });
  }
  for (const lang of ['fr', 'en'] as const) {
    test(`create an order for a customer by hand: the quote, then a payment link e-mailed (${lang})`, async ({
      page,
      request,
      expectNoA11yViolations,
    }) => {
      const { t, stamp } = journeyIn(lang);
      await resumeStaffSession(page, lang);
      const customer = `client.telephone.${stamp}@exemple.fr`;
      const registered = await request.post(`${server.url}/api/v1/website/auth/register`, {
        headers: { origin: server.url },
        data: registrationBody(customer, 'Sablier-Horloge-42'),
      });
      expect(registered.status(), await registered.text()).toBe(201);

      await openIn(page, `${server.url}/admin/orders`, lang);
      await page.getByRole('link', { name: t('sales', 'manual.new') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t('sales', 'manual.title') }),
      ).toBeVisible();
      await page.getByLabel(t('sales', 'manual.customer')).fill(customer);
      const plan = page.getByLabel(t('sales', 'manual.plan').replace('{{number}}', '1'));
      await plan.selectOption({ label: `Pro (${t('admin', 'status.cycle.annually')})` });
      await page.getByLabel(t('sales', 'orders.quantity')).fill('2');
      await page.getByLabel(t('sales', 'manual.domain')).fill(`telephone-${stamp}.fr`);
      await expectNoA11yViolations();
      await page.getByRole('button', { name: t('sales', 'manual.quote') }).click();

      // The server's quote: a French customer pays French VAT on two yearly Pro licences.
      const quote = page.getByRole('region', {
        name: t('sales', 'manual.quoteTitle'),
        exact: true,
      });
      await expect(quote).toContainText(customer);
      await expect(quote).toContainText(t('sales', 'orders.vatAt').replace('{{rate}}', '20 %'));
      await expect(quote).toContainText(t('sales', 'manual.total'));
      await expectNoA11yViolations();
      await page.getByLabel(new RegExp(t('admin', 'status.method.stripe'))).check();
      await page.getByRole('button', { name: t('sales', 'manual.create') }).click();
      await expect(page.getByText(t('sales', 'manual.created'))).toBeVisible();
      const open = page.getByRole('link', { name: /CAD-\d{4}-/ });
      const orderNumber = /CAD-\d{4}-[0-9A-Z]{8}/.exec((await open.textContent()) ?? '')?.[0] ?? '';
      expect(orderNumber).not.toBe('');
      await expectNoA11yViolations();

      // The order page names who created it; the customer got the payment link by e-mail.
      await open.click();
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: t('sales', 'orders.detailTitle').replace('{{number}}', orderNumber),
        }),
      ).toBeVisible();
      await expect(page.getByText(staff[lang].email).first()).toBeVisible();
      await expect
        .poll(() => {
          const outbox = path.join(server.dataDir, 'outbox');
          return readdirSync(outbox)
            .map((file) => readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))
            .some(
              (mail) =>
                mail.includes(customer) &&
                mail.includes(orderNumber) &&
                mail.includes('/store/pay/sandbox/'),
            );
        })
        .toBe(true);
      await expectNoA11yViolations();
    });
  }
});
