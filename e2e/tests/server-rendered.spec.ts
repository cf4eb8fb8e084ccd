import { expect, test, waitForApp } from '../support/fixtures';

/**
 * Public pages arrive drawn by the server (docs/decisions/023-pages-drawn-on-the-server.md):
 * readable and navigable without JavaScript, and taken over by React in the browser without a
 * hydration mismatch (the app reports one to the server log as 'Page redrawn in the browser').
 */

const publicPages = [
  '/',
  '/features',
  '/pricing',
  '/about',
  '/contact',
  '/roadmap',
  '/legal/notice',
  '/legal/privacy',
  '/legal/terms',
  '/legal/sales',
  '/legal/license',
  '/store/order/failure',
  '/store/cart',
];

for (const lang of ['fr', 'en'] as const) {
  test(`public pages (${lang}) hydrate as drawn, with no console error or warning`, async ({
    page,
    gotoIn,
  }) => {
    // Fourteen pages, each loaded and then left by a click: more than one test's usual budget.
    test.slow();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/website/logs')) reports.push(request.postData() ?? '');
    });
    for (const path of publicPages) {
      await gotoIn(path, lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // Hydrated: the router answers a click without loading a new document.
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });
      await page
        .getByRole('banner')
        .getByRole('link', { name: /cadran/i })
        .first()
        .click();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
        `${path} was taken over by the router`,
      ).toBe(true);
    }
    expect(warnings).toEqual([]);
    expect(reports.filter((body) => body.includes('redrawn'))).toEqual([]);
  });
}

for (const path of ['/', '/en/pricing', '/roadmap', '/about', '/en/store/cart']) {
  test(`${path} keeps the server's nodes when React takes over (no redraw)`, async ({ page }) => {
    // The app's code waits until the server's HTML has been marked.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    const heading = page.locator('main h1, main [role="status"]').first();
    await heading.waitFor();
    await heading.evaluate((node) => {
      (node as unknown as { drawnByServer: boolean }).drawnByServer = true;
    });
    await page.getByRole('banner').evaluate((node) => {
      (node as unknown as { drawnByServer: boolean }).drawnByServer = true;
    });
    release();
    await waitForApp(page);
    // A mismatch makes React throw the server's HTML away and draw its own nodes.
    expect(
      await page
        .getByRole('banner')
        .evaluate((node) => (node as unknown as { drawnByServer?: boolean }).drawnByServer),
    ).toBe(true);
    if (!path.includes('/store/cart')) {
      expect(
        await page
          .locator('main h1')
          .evaluate((node) => (node as unknown as { drawnByServer?: boolean }).drawnByServer),
      ).toBe(true);
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

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
