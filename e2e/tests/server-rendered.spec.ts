import { placeOrderThroughApi } from '../support/client-account';
import { expect, test, waitForApp, wakeEveryIsland } from '../support/fixtures';
import { textOf } from '../support/locales';
import { registrationBody } from '../support/registration';
import type { Page } from '@playwright/test';

/**
 * Public pages arrive drawn by the server (docs/decisions/023-pages-drawn-on-the-server.md):
 * readable and navigable without JavaScript; React takes over their islands, or the whole page
 * for the application's pages (docs/decisions/048-islands-on-public-pages.md), without a
 * hydration mismatch (reported to the server log as 'Page redrawn in the browser').
 */

/** The console's warnings and errors, and the reports the page sends to the server's log. */
function watchWarnings(page: Page) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const reports: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/website/logs')) reports.push(request.postData() ?? '');
  });
  return { warnings, reports };
}

const publicPages = [
  '/',
  '/features',
  '/pricing',
  '/about',
  '/contact',
  '/roadmap',
  '/changelog',
  '/legal/notice',
  '/legal/privacy',
  '/legal/terms',
  '/legal/sales',
  '/legal/license',
  '/store/order/failure',
  '/store/cart',
];

/** Pages whose islands wake on their own; the others hydrate whole (the cart and what follows). */
const islandPages = new Set([
  '/',
  '/features',
  '/pricing',
  '/about',
  '/contact',
  '/roadmap',
  '/changelog',
  '/legal/notice',
  '/legal/privacy',
  '/legal/terms',
  '/legal/sales',
  '/legal/license',
  '/store/order/failure',
]);

for (const lang of ['fr', 'en'] as const) {
  test(`public pages (${lang}) hydrate as drawn, with no console error or warning`, async ({
    page,
    gotoIn,
  }) => {
    // Fourteen pages, each loaded and every island waited for: more than one test's usual budget.
    test.slow();
    const { warnings, reports } = watchWarnings(page);
    for (const path of publicPages) {
      await gotoIn(path, lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const islands = page.locator('[data-island]');
      if (islandPages.has(path)) {
        // The page is the server's HTML: only its islands are React's, each hydrated.
        expect(await islands.count(), `${path} has islands`).toBeGreaterThan(0);
        // Those that wait for the visitor too: none may hydrate with a mismatch.
        await wakeEveryIsland(page);
        expect(
          await page
            .locator('main h1')
            .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))),
          `${path}: the heading stays plain HTML`,
        ).toBe(false);
        // The server's HTML: no script of the application, no preload of code the first paint
        // does not use (the islands' code is preloaded by the runtime when one wakes).
        const html = await (await page.request.get(page.url())).text();
        expect(html).not.toContain('modulepreload');
        expect(html).not.toContain('id="ssr-state"');
      } else {
        await expect(islands).toHaveCount(0);
      }
    }
    expect(warnings).toEqual([]);
    expect(reports.filter((body) => body.includes('redrawn'))).toEqual([]);
  });
}

for (const lang of ['fr', 'en'] as const) {
  test(`signed in, the islands that read the session hydrate as drawn (${lang})`, async ({
    page,
    gotoIn,
  }) => {
    const t = textOf(lang);
    const { warnings, reports } = watchWarnings(page);
    const email = `ilots.${lang}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@exemple.fr`;
    const registered = await page.request.post('/api/v1/website/auth/register', {
      headers: { 'accept-language': lang },
      data: registrationBody(email, 'Cadran-Sablier-2026'),
    });
    expect(registered.status()).toBe(201);
    const placed = await placeOrderThroughApi(page, 'stripe');

    // The server draws these islands with the session unknown; the browser first draws them the
    // same way, then reads the session: a mismatch would be a warning or a 'redrawn' report.
    for (const path of ['/pricing', '/roadmap', '/']) {
      await gotoIn(path, lang);
      await wakeEveryIsland(page);
    }
    await gotoIn(`/store/order/failure?order=${placed.order.order_number}&error=declined`, lang);
    await wakeEveryIsland(page);
    // The order island read the session and the order: its owner may pay again.
    await expect(
      page.getByRole('button', { name: t('orders', 'failure.retryPayment') }),
    ).toBeVisible();
    expect(warnings).toEqual([]);
    expect(reports.filter((body) => body.includes('redrawn'))).toEqual([]);
  });
}

for (const path of [
  '/',
  '/en/',
  '/about',
  '/en/legal/terms',
  '/en/pricing',
  '/contact',
  '/roadmap',
  '/en/roadmap',
  // The ways back (no order named), and the order island, drawn with the session unknown.
  '/store/order/failure',
  '/en/store/order/failure?order=CAD-2026-7KQ4M9XZ&error=declined',
  '/en/store/cart',
]) {
  test(`${path} keeps the server's nodes when React takes over (no redraw)`, async ({ page }) => {
    // The code that hydrates (the application, or the islands' hydration) waits until the
    // server's HTML has been marked.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/(index|hydrate-island)-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    const heading = page.locator('main h1, main [role="status"]').first();
    await heading.waitFor();
    await page.getByRole('contentinfo').waitFor();
    const mark = (node: Element) => {
      (node as unknown as { drawnByServer: boolean }).drawnByServer = true;
    };
    await heading.evaluate(mark);
    await page.getByRole('banner').evaluate(mark);
    // Every node inside every island: a mismatch in any one would redraw it.
    await page.locator('[data-island] *').evaluateAll((nodes) =>
      nodes.forEach((node) => {
        (node as unknown as { drawnByServer: boolean }).drawnByServer = true;
      }),
    );
    const islandNodes = await page.locator('[data-island] *').count();
    release();
    await waitForApp(page);
    if (islandNodes > 0) await wakeEveryIsland(page);
    const isMarked = (node: Element) =>
      (node as unknown as { drawnByServer?: boolean }).drawnByServer === true;
    // A mismatch makes React throw the server's HTML away and draw its own nodes.
    expect(await page.getByRole('banner').evaluate(isMarked)).toBe(true);
    if (!path.includes('/store/cart')) {
      expect(await page.locator('main h1').evaluate(isMarked)).toBe(true);
    }
    if (islandNodes > 0) {
      const kept = await page
        .locator('[data-island] *')
        .evaluateAll(
          (nodes) =>
            nodes.filter((node) => (node as unknown as { drawnByServer?: boolean }).drawnByServer)
              .length,
        );
      expect(kept, 'every node of every island kept').toBe(islandNodes);
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ['fr', 'en'] as const) {
    test(`every public page reads in ${lang}, with its heading, header and footer`, async ({
      page,
    }) => {
      test.slow();
      // The cart is the application's: it draws in the browser.
      for (const path of publicPages.filter((page) => page !== '/store/cart')) {
        const address = lang === 'en' ? `/en${path}` : path;
        const response = await page.goto(address);
        expect(response?.status(), address).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('banner').getByRole('link').first()).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
      }
    });
  }

  for (const [lang, words] of [
    ['fr', { release: 'Version 2.3.0', shipped: 'Livré dans cette version', feed: 'Atom' }],
    ['en', { release: 'Version 2.3.0', shipped: 'Shipped in this release', feed: 'Atom' }],
  ] as const) {
    test(`the changelog reads in ${lang}: each release, its notes, what it shipped, the feed`, async ({
      page,
    }) => {
      const address = lang === 'en' ? '/en/changelog' : '/changelog';
      expect((await page.goto(address))?.status()).toBe(200);
      const release = page.getByRole('article').filter({
        has: page.getByRole('heading', { level: 2, name: words.release }),
      });
      await expect(release).toBeVisible();
      // The notes as Markdown drawn to HTML (a heading under the release's, a list) and the
      // roadmap items the release shipped, all in the server's HTML.
      await expect(release.getByRole('heading', { level: 3 }).first()).toBeVisible();
      await expect(release.getByRole('listitem').first()).toBeVisible();
      await expect(release.getByRole('region', { name: words.shipped })).toBeVisible();
      const feed = page.getByRole('link', { name: new RegExp(words.feed) });
      await expect(feed).toHaveAttribute('href', `${address}.xml`);
      const atom = await page.request.get(`${address}.xml`);
      expect(atom.headers()['content-type']).toContain('application/atom+xml');
      expect(await atom.text()).toContain('2.3.0');
    });
  }

  test('the pages read in French and English and their links work', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Le CMS professionnel');

    await page.getByRole('banner').getByRole('link', { name: 'Tarifs' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page).toHaveTitle('Tarifs · Cadran');
    await expect(page.getByRole('main')).toContainText('€');

    await page
      .getByRole('link', { name: /anglais/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/en\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Pricing · Cadran');
    await expect(page.getByRole('main')).toContainText('€');

    await page.getByRole('banner').getByRole('link', { name: 'Roadmap' }).click();
    await expect(page).toHaveURL(/\/en\/roadmap$/);
    for (const column of ['Planned', 'In progress', 'Done']) {
      await expect(page.getByRole('heading', { level: 2, name: column })).toBeVisible();
    }

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' }).first().click();
    await expect(page).toHaveURL(/\/en\/legal\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  });

  test('an unknown address is a real redirect to the home page of its language', async ({
    page,
  }) => {
    const french = await page.goto('/no/such/page');
    expect(french?.request().redirectedFrom()?.url()).toMatch(/\/no\/such\/page$/);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/en/no/such/page');
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
