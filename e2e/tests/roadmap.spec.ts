import type { Page } from '@playwright/test';
import { test, expect, type Lang } from '../support/fixtures';
import { readLocale } from '../support/locales';
import { registrationBody } from '../support/registration';
import { ownServerForJourneys } from '../support/own-server';

// The public roadmap (docs/product.md 'Roadmap'): three columns in both languages, votes, and live
// refresh. The live journeys run against a server of their own, started here, because one of
// them stops and restarts it while the shared server must keep serving the other journeys.

type Copy = {
  boardLabel: string;
  columns: Record<'planned' | 'in_progress' | 'done', { title: string }>;
  live: Record<'connected' | 'disconnected', string>;
  votes: { signIn: string; closedShort: string };
};
const copy = (lang: Lang) => readLocale<Copy>(lang, 'roadmap');

const column = (page: Page, lang: Lang, status: keyof Copy['columns']) =>
  page.getByRole('region', { name: copy(lang).columns[status].title, exact: true });

const registration = () => ({
  ...registrationBody(
    `roadmap.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemple.fr`,
    'Sablier-Horloge-42',
  ),
  company: '',
});

for (const lang of ['fr', 'en'] as const) {
  test.describe(`roadmap (${lang})`, () => {
    test('three columns, live indicator, no accessibility violation', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const text = copy(lang);
      await gotoIn('/roadmap', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const status of ['planned', 'in_progress', 'done'] as const) {
        await expect(column(page, lang, status).getByRole('listitem').first()).toBeVisible();
      }
      const planned = column(page, lang, 'planned');
      await expect(
        planned.getByRole('heading', {
          name: lang === 'fr' ? 'Import depuis WordPress' : 'WordPress import',
        }),
      ).toBeVisible();
      // The internal item of the demo data never shows.
      await expect(page.getByText(/Refonte interne|Internal billing engine/)).toHaveCount(0);
      await expect(page.getByText(text.live.connected, { exact: true })).toBeVisible();
      // Anonymous: counts, no vote buttons, a way to sign in.
      await expect(
        page.getByRole('region', { name: text.boardLabel }).getByRole('button'),
      ).toHaveCount(0);
      await expect(page.getByRole('link', { name: text.votes.signIn })).toHaveAttribute(
        'href',
        `/client/sign-in?next=${encodeURIComponent(lang === 'en' ? '/en/roadmap' : '/roadmap')}`,
      );
      await expectNoA11yViolations();
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoA11yViolations();
    });

    test('a signed-in client votes with the keyboard, and withdraws the vote', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const register = await page.request.post('/api/v1/website/auth/register', {
        data: registration(),
      });
      expect(register.status()).toBe(201);
      await gotoIn('/roadmap', lang);
      // Each language votes for its own item, so parallel runs never share a count; both are
      // still open to votes (planned, in progress), never done.
      const title =
        lang === 'fr' ? 'Application mobile de publication' : 'Multilingual full-text search';
      const button = page.getByRole('article', { name: title }).getByRole('button');
      // Done items keep their count, read-only: no button, their votes said to be closed.
      const done = column(page, lang, 'done');
      await expect(done.getByRole('listitem').first()).toBeVisible();
      await expect(done.getByRole('button')).toHaveCount(0);
      await expect(done.getByText(copy(lang).votes.closedShort).first()).toBeVisible();
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await expectNoA11yViolations();
      const before = Number(
        /, (\d+) votes?$/.exec((await button.getAttribute('aria-label')) ?? '')?.[1],
      );
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(button).toHaveAccessibleName(new RegExp(`, ${before + 1} votes?$`));
      await page.keyboard.press('Space');
      await expect(button).toHaveAttribute('aria-pressed', 'false');
      await expect(button).toHaveAccessibleName(new RegExp(`, ${before} votes?$`));
    });
  });
}

test.describe('live roadmap', () => {
  test.describe.configure({ mode: 'serial' });
  const server = ownServerForJourneys('roadmap', [
    { email: 'ops.roadmap@cadran.fr', password: 'Feuille-De-Route-2024' },
  ]);

  for (const lang of ['fr', 'en'] as const) {
    test(`an item moves column within 2 s of an admin change, without a reload (${lang})`, async ({
      page,
      gotoIn,
      request,
    }) => {
      // The login also left a session cookie in this request context: same-origin headers
      // keep the CSRF guard satisfied, as the back office's own pages would be.
      const headers = {
        authorization: `Bearer ${await server.adminToken(request)}`,
        origin: server.url,
      };
      const stamp = `${lang}-${Date.now()}`;
      const created = await request.post(`${server.url}/api/v1/admin/roadmap`, {
        headers,
        data: {
          title: `Export des statistiques ${stamp}`,
          title_en: `Statistics export ${stamp}`,
          status: 'planned',
          is_public: true,
          sort_order: -100,
        },
      });
      expect(created.status()).toBe(201);
      const { data: item } = (await created.json()) as { data: { id: number } };
      const title =
        lang === 'fr' ? `Export des statistiques ${stamp}` : `Statistics export ${stamp}`;

      await gotoIn(`${server.url}/roadmap`, lang);
      await expect(page.getByText(copy(lang).live.connected, { exact: true })).toBeVisible();
      await expect(
        column(page, lang, 'planned').getByRole('heading', { name: title }),
      ).toBeVisible();
      await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-page', 'yes'));

      const changed = await request.patch(`${server.url}/api/v1/admin/roadmap/${item.id}`, {
        headers,
        data: { status: 'in_progress' },
      });
      expect(changed.status()).toBe(200);
      await expect(
        column(page, lang, 'in_progress').getByRole('heading', { name: title }),
      ).toBeVisible({
        timeout: 2_000,
      });
      await expect(column(page, lang, 'planned').getByRole('heading', { name: title })).toHaveCount(
        0,
      );
      // Still the same document: the change arrived live, not through a reload.
      await expect(page.locator('html')).toHaveAttribute('data-e2e-same-page', 'yes');
    });
  }

  test('the indicator shows connected, disconnected while the server is down, then connected', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A context of its own: while the server is down the page's reconnection attempts fail,
    // and the browser logs those refused connections, which are expected here; so are the 503s
    // a restarting server answers until it is ready.
    const context = await browser.newContext();
    const page = await context.newPage();
    const unexpected: string[] = [];
    page.on('pageerror', (error) => unexpected.push(error.message));
    page.on('console', (message) => {
      const text = message.text();
      if (
        message.type() === 'error' &&
        !/ERR_CONNECTION_REFUSED|WebSocket connection to .* failed|status of 503/.test(text)
      ) {
        unexpected.push(text);
      }
    });
    await page.addInitScript(() => window.localStorage.setItem('language', 'fr'));
    await page.goto(`${server.url}/roadmap`);
    const live = copy('fr').live;
    await expect(page.getByText(live.connected, { exact: true })).toBeVisible();

    await server.stop();
    await expect(page.getByText(live.disconnected, { exact: true })).toBeVisible();

    await server.start();
    await expect(page.getByText(live.connected, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(column(page, 'fr', 'planned').getByRole('listitem').first()).toBeVisible();
    expect(unexpected).toEqual([]);
    await context.close();
  });
});
