import { test, expect, waitForApp, type Lang } from '../support/fixtures';
import { readLocale } from '../support/locales';

// The foundation journey: every page of the route table renders in both languages with its
// own title, unknown paths land on the home page, the language choice survives a reload and
// the shell (header, footer, mobile menu) has no accessibility violation.

type Common = {
  meta: Record<string, { title: string }>;
  nav: Record<string, string>;
  language: { switchLabel: string };
};
const common = (lang: Lang) => readLocale<Common>(lang, 'common');

const pages: Array<[path: string, metaKey: string]> = [
  ['/', 'home'],
  ['/features', 'features'],
  ['/pricing', 'pricing'],
  ['/about', 'about'],
  ['/contact', 'contact'],
  ['/roadmap', 'roadmap'],
  ['/store/cart', 'cart'],
  ['/store/order/failure', 'orderFailure'],
  ['/legal/notice', 'legalNotice'],
  ['/legal/privacy', 'privacy'],
  ['/legal/terms', 'terms'],
  ['/legal/sales', 'sales'],
  ['/legal/license', 'license'],
];

for (const lang of ['fr', 'en'] as const) {
  test.describe(`shell (${lang})`, () => {
    test('every page renders with its title and one main heading', async ({ page, gotoIn }) => {
      const { meta } = common(lang);
      for (const [pagePath, key] of pages) {
        await gotoIn(pagePath, lang);
        await expect(page, `title of ${pagePath}`).toHaveTitle(`${meta[key]!.title} · Cadran`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      }
    });

    test('an unknown path and /store land on their targets', async ({ page, gotoIn }) => {
      await gotoIn('/no/such/page', lang);
      await expect(page).toHaveURL(lang === 'en' ? /:\d+\/en\/?$/ : /:\d+\/$/);
      await gotoIn('/store', lang);
      await expect(page).toHaveURL(lang === 'en' ? /:\d+\/en\/pricing$/ : /:\d+\/pricing$/);
    });

    test('the header and footer have no accessibility violation, also on a phone', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      await gotoIn('/', lang);
      await expectNoA11yViolations();
      await page.setViewportSize({ width: 375, height: 800 });
      const { nav } = common(lang);
      const toggle = page.getByRole('button', { name: nav.openMenu });
      await toggle.click();
      await expect(page.getByRole('button', { name: nav.closeMenu })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expectNoA11yViolations();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: nav.openMenu })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });
  });
}

test('the language link goes to the twin page; the choice is saved and brings the visitor back', async ({
  page,
}) => {
  await page.goto('/pricing?cycle=yearly');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page
    .getByRole('link', { name: /anglais/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/en\/pricing\?cycle=yearly$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(`${common('en').meta.pricing!.title} · Cadran`);
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('en');
  // A French address now leads to the English page (the server reads the cookie).
  await page.goto('/about');
  await expect(page).toHaveURL(/\/en\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // And back to French the same way.
  await page
    .getByRole('link', { name: /french/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto('/roadmap');
  await expect(page).toHaveURL(/\/roadmap$/);
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('fr');
});

test('the client area is a separate application, not a page of the site', async ({ page }) => {
  await page.goto('/');
  // A page of the site keeps this document; the client area loads its own.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page
    .getByRole('link', { name: common('fr').nav.clientArea })
    .first()
    .click();
  await expect(page).toHaveURL(/\/client(\/.*)?$/);
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBeUndefined();
});

test.describe('a visitor whose browser speaks English and who chose nothing', () => {
  test.use({ locale: 'en-US' });
  test('lands on the English home page, reads a deep link in its language, and chooses', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`${common('en').meta.home!.title} · Cadran`);
    // Nothing was saved: the choice is still the visitor's.
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'language')).toBe(
      false,
    );
    // A deep link keeps the language its address says.
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // Choosing French on the English home page is kept: the home page then stays French.
    await page.goto('/en/');
    await waitForApp(page);
    await page
      .getByRole('banner')
      .getByRole('link', { name: common('en').language.switchLabel })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });
});

test('the page is drawn once: what is typed in it before the code arrives is kept', async ({
  page,
}) => {
  // The page's own code is held back until the test lets it go, as on a slow network: the
  // server's HTML is up long before it, however slow the machine running the test.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/about-page-/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/about', { waitUntil: 'commit' });
  // Drawn by the server: the page is readable before any of its code has run.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const field = page.getByRole('contentinfo').getByRole('textbox');
  await field.fill('tot@exemple.fr');
  release();
  await waitForApp(page);
  await expect(field).toHaveValue('tot@exemple.fr');
});
