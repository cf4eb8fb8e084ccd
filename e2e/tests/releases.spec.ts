import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { test, expect, waitForApp, type Lang } from '../support/fixtures';
import { E2E_PASSWORD, placeOrderThroughApi } from '../support/client-account';
import { findOutboxMail } from '../support/outbox';
import { OwnServer, OWN_SERVER_SETUP_MS } from '../support/own-server';
import { registrationBody } from '../support/registration';
import { textOf } from '../support/locales';

// Releases end to end (docs/product.md 'Releases'), in French and English, on a server of their
// own (its staff accounts are made before it starts): a buyer of a licence with updates votes
// for a roadmap item; a staff member, signed in with the second factor, creates a release that
// ships the item through the back office's screens, uploads its file and publishes it; the
// voter's e-mail arrives in their language saying the licence includes it; the buyer downloads
// the file from the client area's Downloads screen and its SHA-256 is the one shown.

const staff = {
  fr: { email: 'versions.fr@cadran.fr', password: 'Cadran-Versions-2026' },
  en: { email: 'releases.en@cadran.fr', password: 'Cadran-Versions-2026' },
};
/** One version and one roadmap item (by its place among the planned ones) per language. */
const journey = {
  fr: { version: '5.0.0', planned: 0 },
  en: { version: '5.1.0', planned: 1 },
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The six digits the staff member's phone would show for this secret now. */
const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

test.describe('releases', () => {
  test.describe.configure({ mode: 'serial' });
  const server = new OwnServer('releases', [staff.fr, staff.en]);

  test.beforeAll(async () => {
    test.setTimeout(OWN_SERVER_SETUP_MS);
    await server.prepare();
    // The journey's own port, next to the e2e server's: a fixed place in this run's range.
    server.port = Number(process.env.E2E_PORT ?? 3210) + 1;
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });

  /** Same-origin writes, as the site's own scripts send them (the CSRF guard). */
  const sameOrigin = () => ({ origin: server.url, 'content-type': 'application/json' });

  /** A buyer signed in on `page` with a paid monthly Pro licence (updates included). */
  async function buyerWithUpdates(page: Page, lang: Lang): Promise<string> {
    const email = `votant.${lang}.${Date.now()}@exemple.fr`;
    const registered = await page.request.post(`${server.url}/api/v1/website/auth/register`, {
      headers: { ...sameOrigin(), 'accept-language': lang },
      data: registrationBody(email, E2E_PASSWORD),
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const placed = await placeOrderThroughApi(page, 'stripe', `atelier-${lang}-versions.fr`, {
      origin: server.url,
      cycle: 'monthly',
    });
    const paymentId = /\/sandbox\/([0-9a-f-]{36})$/.exec(placed.payment_url ?? '')?.[1];
    const paid = await page.request.post(
      `${server.url}/api/v1/website/payments/sandbox/${paymentId}`,
      { headers: sameOrigin(), data: { decision: 'pay' } },
    );
    expect(paid.status(), await paid.text()).toBe(200);
    return email;
  }

  /** Votes on `page`'s session for the nth planned item; answers its title in `lang`. */
  async function voteForPlanned(page: Page, lang: Lang, nth: number): Promise<string> {
    const roadmap = (await (
      await page.request.get(`${server.url}/api/v1/website/roadmap`)
    ).json()) as {
      data: Array<{ id: number; title: string; title_en: string | null; status: string }>;
    };
    const item = roadmap.data.filter((candidate) => candidate.status === 'planned')[nth];
    if (!item) throw new Error('the demo roadmap has no planned item left');
    const voted = await page.request.post(`${server.url}/api/v1/website/roadmap/${item.id}/vote`, {
      headers: sameOrigin(),
      data: {},
    });
    expect(voted.status(), await voted.text()).toBe(200);
    return lang === 'en' ? (item.title_en ?? item.title) : item.title;
  }

  /** A staff page of its own, signed in with the authenticator app set up, on the releases. */
  async function staffPage(browser: Browser, lang: Lang): Promise<Page> {
    const t = textOf(lang);
    const context = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': `127.4.0.${lang === 'fr' ? 1 : 2}` },
    });
    const page = await context.newPage();
    await page.addInitScript((value) => window.localStorage.setItem('language', value), lang);
    await page.goto(`${server.url}/admin/releases`);
    await page.getByLabel(t('admin', 'signIn.email')).fill(staff[lang].email);
    await page.getByLabel(t('admin', 'signIn.password')).fill(staff[lang].password);
    await page.getByRole('button', { name: t('admin', 'signIn.submit') }).click();
    await page.getByRole('button', { name: t('admin', 'secondFactor.start') }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    await page.getByLabel(t('admin', 'secondFactor.code')).fill(codeFor(secret));
    await page.getByRole('button', { name: t('admin', 'secondFactor.confirm') }).click();
    await page.getByLabel(t('admin', 'secondFactor.savedConfirm')).check();
    await page.getByRole('button', { name: t('admin', 'secondFactor.continue') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('admin-content', 'releases.title') }),
    ).toBeVisible();
    return page;
  }

  for (const lang of ['fr', 'en'] as const) {
    const t = textOf(lang);
    const { version, planned } = journey[lang];

    test(`staff publish a release that ships a voted item; the voter is told and downloads it (${lang})`, async ({
      page,
      browser,
      expectNoA11yViolations,
    }) => {
      test.setTimeout(150_000);
      const email = await buyerWithUpdates(page, lang);
      const item = await voteForPlanned(page, lang, planned);

      // The back office: a draft that ships the item, its file uploaded, then published.
      const office = await staffPage(browser, lang);
      await expectNoA11yViolations(office);
      const form = office.getByRole('region', { name: t('admin-content', 'releases.create') });
      await form
        .getByRole('textbox', { name: t('admin-content', 'releases.version'), exact: true })
        .fill(version);
      await form
        .getByRole('textbox', { name: t('admin-content', 'releases.notesFr') })
        .fill(`## Nouveautés\n\n- **${item}** livré.`);
      await form
        .getByRole('textbox', { name: t('admin-content', 'releases.notesEn') })
        .fill(`## What’s new\n\n- **${item}** shipped.`);
      await form.getByRole('checkbox', { name: item, exact: true }).check();
      await form.getByRole('button', { name: t('admin-content', 'releases.createSubmit') }).click();
      await expect(
        office.getByRole('heading', {
          level: 1,
          name: t('admin-content', 'releases.versionTitle').replace('{{version}}', version),
        }),
      ).toBeVisible();

      const file = `cadran-cms-${version}.zip`;
      const bytes = Buffer.from(`Cadran CMS ${version} ${lang} ${'x'.repeat(4096)}\n`, 'utf8');
      await office
        .getByLabel(t('admin-content', 'releases.file'))
        .setInputFiles({ name: file, mimeType: 'application/zip', buffer: bytes });
      await office.getByRole('button', { name: t('admin-content', 'releases.upload') }).click();
      await expect(office.getByRole('status')).toContainText(file);
      await expect(office.getByText(sha256(bytes), { exact: true })).toBeVisible();
      await expectNoA11yViolations(office);

      await office.getByRole('button', { name: t('admin-content', 'releases.publish') }).click();
      const dialog = office.getByRole('alertdialog');
      await dialog.getByRole('button', { name: t('admin-content', 'releases.publish') }).click();
      await expect(dialog).toBeHidden();
      await expect(
        office.getByText(t('admin-content', 'releases.states.published'), { exact: true }),
      ).toBeVisible();

      // The voter's e-mail, in their language: the item, the version, the licence includes it.
      const mail = await findOutboxMail(`To: ${email}`, 'release-mail/unsubscribe', version);
      expect(mail).toContain(item);
      expect(mail).toContain(lang === 'fr' ? 'inclut cette version' : 'includes this release');
      expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

      // The buyer's Downloads screen: the release, its checksum, and the file downloaded.
      // (The client area has one address in both languages; the visitor's choice is kept.)
      await page.addInitScript((value) => window.localStorage.setItem('language', value), lang);
      await page.goto(`${server.url}/client/downloads`);
      await waitForApp(page);
      const card = page.getByRole('article', {
        name: t('client', 'downloads.version').replace('{{version}}', version),
      });
      await expect(card).toContainText(item);
      const shown = (await card.getByTestId('artifact-sha256').textContent())?.trim();
      expect(shown).toBe(sha256(bytes));
      await expectNoA11yViolations();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card
          .getByRole('link', {
            name: t('client', 'downloads.downloadFile').replace('{{file}}', file),
          })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(file);
      const downloaded = await readFile(await download.path());
      expect(sha256(downloaded)).toBe(shown);

      // The download is counted on the release's screen of the back office.
      await office.reload();
      await expect(
        office.getByText(
          t('admin-content', 'releases.totalDownloads_one').replace('{{count}}', '1'),
          { exact: true },
        ),
      ).toBeVisible();
      await office.context().close();
    });
  }
});
