import { registrationBody } from '../support/registration';
import { findOutboxMail } from '../support/outbox';
import { test, expect, waitForApp, type Lang } from '../support/fixtures';
import { OwnServer, OWN_SERVER_SETUP_MS } from '../support/own-server';
import {
  buyMonthlyWithAutoRenewal,
  buyThroughApi,
  longDate,
  ownLicences,
  payOnSandbox,
  runRenewalsAsOf,
  saveMethodOnSandbox,
  signInStaff,
  textOf,
} from '../support/renewals';
import type { Browser, Page } from '@playwright/test';

// Licences that renew themselves (docs/decisions/050-renewal-screens.md), in French and English,
// on a server of their own (its staff account is made before it starts): a monthly licence
// bought with automatic renewal is charged when staff run the renewals as of the next month, and
// the client area shows the new invoice and term; a card that saves but is declined later brings
// the retry e-mail, and a new card pays it; automatic renewal stops in three clicks; an upgrade
// is invoiced at the prorated amount the quote showed.

const staff = {
  fr: { email: 'renouvellements.fr@cadran.fr', password: 'Cadran-Renouvelle-2026' },
  en: { email: 'renewals.en@cadran.fr', password: 'Cadran-Renouvelle-2026' },
};
const ALWAYS_PAID = '4242424242424242';
const DECLINED_LATER = '4000000000000341';
const HOUR = 3_600_000;

test.describe('licences that renew themselves', () => {
  test.describe.configure({ mode: 'serial' });
  const server = new OwnServer('renewals', [staff.fr, staff.en]);

  test.beforeAll(async () => {
    test.setTimeout(OWN_SERVER_SETUP_MS);
    await server.prepare();
    await server.start();
    // The journeys need the server's renewals API: an unknown route (404) means a build
    // without it, and the journeys say so rather than fail on every step.
    const probe = await fetch(`${server.url}/api/v1/admin/renewals`);
    test.skip(probe.status === 404, 'this server has no renewals API');
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  /** A new buyer signed in on `page`, on the pricing page in `lang`; answers the e-mail address. */
  async function newBuyer(page: Page, lang: Lang, gotoIn: (p: string, l: Lang) => Promise<void>) {
    const email = `renouvelle.${lang}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@exemple.fr`;
    await gotoIn(`${server.url}/pricing`, lang);
    const registered = await page.request.post(`${server.url}/api/v1/website/auth/register`, {
      headers: { 'accept-language': lang },
      data: registrationBody(email, 'Cadran-Sablier-2026'),
    });
    expect(registered.status()).toBe(201);
    await page.reload();
    // Signed in now: the offer's island wakes again before the journey picks a plan.
    await waitForApp(page);
    return email;
  }

  /** A staff page of its own, signed in, on the renewals screen. */
  async function staffPage(browser: Browser, lang: Lang) {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': '127.3.0.1' },
    });
    const page = await context.newPage();
    await signInStaff(page, server.url, lang, staff[lang]);
    return page;
  }

  for (const lang of ['fr', 'en'] as const) {
    const t = textOf(lang);

    test(`buy monthly with automatic renewal; renewals run a month later: new invoice and term (${lang})`, async ({
      page,
      browser,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      test.setTimeout(120_000);
      await newBuyer(page, lang, gotoIn);
      await buyMonthlyWithAutoRenewal(page, t, lang, ALWAYS_PAID);
      const [licence] = await ownLicences(page, server.url);
      expect(licence?.auto_renew).toMatchObject({ enabled: true });
      expect(licence!.auto_renew.method?.label).toContain('4242');
      const firstTerm = new Date(licence!.expires_at);

      await page.goto(`${server.url}/client/licences/${licence!.id}`);
      const panel = page.getByRole('region', { name: t('renewals', 'panel.title') });
      await expect(panel).toContainText(t('renewals', 'panel.on'));
      await expect(panel).toContainText('4242');
      await expectNoA11yViolations();

      const office = await staffPage(browser, lang);
      await expect(
        office.getByRole('table', { name: t('admin-renewals', 'upcoming.caption') }),
      ).toBeVisible();
      // An hour after the charge is due: the run takes it, as the scheduled job would.
      const due = new Date(new Date(licence!.auto_renew.next_charge_at!).getTime() + HOUR);
      await runRenewalsAsOf(office, lang, due);
      await expectNoA11yViolations(office);
      await office.context().close();

      const [renewed] = await ownLicences(page, server.url);
      expect(new Date(renewed!.expires_at).getTime()).toBeGreaterThan(
        firstTerm.getTime() + 25 * 24 * HOUR,
      );
      await page.goto(`${server.url}/client/invoices`);
      await expect(page.getByRole('row').filter({ hasText: /FA-\d{4}-\d{5}/ })).toHaveCount(2);
      await page.goto(`${server.url}/client/licences/${licence!.id}`);
      const expiry = await longDate(page, lang, renewed!.expires_at);
      await expect(page.getByRole('region', { name: t('client', 'licence.key') })).toContainText(
        expiry,
      );
    });

    test(`a card declined at renewal: the retry e-mail, a new card, paid (${lang})`, async ({
      page,
      browser,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      test.setTimeout(120_000);
      const email = await newBuyer(page, lang, gotoIn);
      const licence = await buyThroughApi(page, server.url, DECLINED_LATER);
      const due = new Date(new Date(licence.auto_renew.next_charge_at!).getTime() + HOUR);
      const office = await staffPage(browser, lang);
      // The screen reads its lists again after the run (a reload would ask the second factor).
      await runRenewalsAsOf(office, lang, due);
      const failing = office.getByRole('table', { name: t('admin-renewals', 'failing.caption') });
      await expect(failing.getByRole('row').filter({ hasText: email })).toBeVisible();

      const mail = await findOutboxMail(`To: ${email}`, `/client/licences/${licence.id}`);
      expect(mail).toContain('0341');

      // The client area has one address in both languages: it opens in the account's.
      await page.goto(`${server.url}/client/licences/${licence.id}`);
      await page.getByRole('button', { name: t('renewals', 'panel.changeMethod') }).click();
      await saveMethodOnSandbox(page, t, ALWAYS_PAID);
      await expectNoA11yViolations();
      await page.getByRole('button', { name: t('renewals', 'setup.save') }).click();
      await expect(page).toHaveURL(new RegExp(`/client/licences/${licence.id}$`));
      const panel = page.getByRole('region', { name: t('renewals', 'panel.title') });
      await expect(panel).toContainText('4242');

      // The failing term is due again at once: the next run charges the new card.
      await runRenewalsAsOf(office, lang, due);
      await office.context().close();
      const [paid] = (await ownLicences(page, server.url)).filter((l) => l.id === licence.id);
      expect(new Date(paid!.expires_at).getTime()).toBeGreaterThan(
        new Date(licence.expires_at).getTime() + 25 * 24 * HOUR,
      );
      expect(paid!.auto_renew.method?.label).toContain('4242');
      await page.reload();
      const expiry = await longDate(page, lang, paid!.expires_at);
      await expect(page.getByRole('region', { name: t('client', 'licence.key') })).toContainText(
        expiry,
      );
    });

    test(`automatic renewal stops in three clicks (${lang})`, async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const email = await newBuyer(page, lang, gotoIn);
      const licence = await buyThroughApi(page, server.url, ALWAYS_PAID);
      // The client area has one address in both languages: it opens in the account's.
      await page.goto(`${server.url}/client`);
      // 1: the licences; 2: "Résilier le renouvellement"; 3: the confirmation.
      await page.getByRole('link', { name: t('client', 'nav.licences'), exact: true }).click();
      await page.getByRole('button', { name: t('renewals', 'stop.button') }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await expectNoA11yViolations();
      await dialog.getByRole('button', { name: t('renewals', 'stop.confirm') }).click();
      await expect(page.getByText(t('renewals', 'summary.off'))).toBeVisible();
      const [stopped] = (await ownLicences(page, server.url)).filter((l) => l.id === licence.id);
      expect(stopped!.auto_renew.enabled).toBe(false);
      expect(stopped!.expires_at).toBe(licence.expires_at);
      await findOutboxMail(`To: ${email}`, licence.key);
    });

    test(`an upgrade is invoiced at the prorated amount the quote showed (${lang})`, async ({
      page,
      gotoIn,
    }) => {
      test.setTimeout(90_000);
      await newBuyer(page, lang, gotoIn);
      const licence = await buyThroughApi(page, server.url, ALWAYS_PAID);
      await page.goto(`${server.url}/client/licences/${licence.id}`);
      const panel = page.getByRole('region', { name: t('renewals', 'plan.title') });
      const choice = panel.getByRole('combobox', { name: t('renewals', 'plan.choose') });
      const agency = choice.getByRole('option', {
        name: new RegExp(lang === 'fr' ? '^Agence' : '^Agency'),
      });
      await choice.selectOption({ label: (await agency.first().textContent())!.trim() });
      const total = panel.locator('dd').last();
      await expect(total).toHaveText(/\d/);
      const quoted = (await total.textContent())!.trim();
      await panel.getByRole('button', { name: t('renewals', 'plan.confirmUpgrade') }).click();
      await payOnSandbox(page, t, ALWAYS_PAID);
      await expect(page.getByRole('main')).toContainText(quoted);
      await expect(page.getByRole('link', { name: /FA-\d{4}-\d{5}/ })).toBeVisible();
    });
  }
});
