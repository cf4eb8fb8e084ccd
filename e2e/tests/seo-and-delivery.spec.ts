import { expect, test } from '../support/fixtures';

/**
 * What search engines, link previews and slow phones get. Per page: one title, one
 * description, one canonical address and one set of Open Graph tags in the visitor's language;
 * for the site: robots.txt with its sitemap, the sitemap, icons, manifest and preview image,
 * and text files sent compressed.
 */

const pages = [
  { path: '/', fr: 'Le CMS professionnel', en: 'The professional CMS' },
  { path: '/pricing', fr: 'Tarifs', en: 'Pricing' },
  { path: '/roadmap', fr: 'Feuille de route', en: 'Roadmap' },
];

for (const lang of ['fr', 'en'] as const) {
  for (const { path, ...titles } of pages) {
    test(`${path} (${lang}) names itself once, canonically, for crawlers and previews`, async ({
      page,
      gotoIn,
      baseURL,
    }) => {
      await gotoIn(path, lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(titles[lang]));
      const head = page.locator('head');
      const english = path === '/' ? '/en/' : `/en${path}`;
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${baseURL}${lang === 'en' ? english : path}`,
      );
      await expect(head.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(head.locator('link[hreflang="fr"]')).toHaveAttribute(
        'href',
        `${baseURL}${path}`,
      );
      await expect(head.locator('link[hreflang="en"]')).toHaveAttribute(
        'href',
        `${baseURL}${english}`,
      );
      await expect(head.locator('link[hreflang="x-default"]')).toHaveAttribute(
        'href',
        `${baseURL}${path}`,
      );
      await expect(head.locator('meta[name="description"]')).toHaveCount(1);
      await expect(head.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        await page.title(),
      );
      await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute(
        'content',
        lang === 'fr' ? 'fr_FR' : 'en_GB',
      );
      await expect(head.locator('meta[property="og:image"]')).toHaveCount(1);
    });
  }
}

test('the canonical address leaves out the query string', async ({ page, gotoIn, baseURL }) => {
  await gotoIn('/pricing?ref=lettre-de-novembre#faq', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/pricing`);
});

test('robots.txt, the sitemap in both languages, icons, manifest and preview image are served', async ({
  request,
  baseURL,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^Sitemap: https:\/\/www\.cadran\.fr\/sitemap\.xml$/m);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locations).toContain(`${baseURL}/pricing`);
  expect(locations).toContain(`${baseURL}/en/pricing`);
  expect(locations).not.toContain(`${baseURL}/store/checkout`);

  const manifest = await request.get('/site.webmanifest');
  expect(manifest.ok()).toBe(true);
  const { icons } = (await manifest.json()) as { icons: Array<{ src: string }> };
  for (const file of [...icons.map((icon) => icon.src), '/apple-touch-icon.png', '/og-image.jpg']) {
    const answer = await request.get(file);
    expect(answer.status(), file).toBe(200);
    expect(answer.headers()['content-type'], file).toMatch(/^image\//);
  }
});

test('pages and scripts travel compressed to browsers that accept it', async ({
  page,
  request,
}) => {
  const html = await request.get('/pricing', { headers: { 'accept-encoding': 'br' } });
  expect(html.headers()['content-encoding']).toBe('br');
  expect(html.headers()['cache-control']).toBe('no-cache');

  const scripts: string[] = [];
  page.on('response', (answer) => {
    if (answer.url().endsWith('.js')) scripts.push(answer.url());
  });
  // The cart runs the site's application (public pages only wake their islands).
  await page.goto('/store/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The entry script (files under 512 bytes are not worth compressing and are sent as they are).
  const entry = scripts.find((url) => /\/assets\/index-[\w-]+\.js$/.test(url));
  expect(entry).toBeDefined();
  const script = await request.get(entry!, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['cache-control']).toContain('immutable');
});
