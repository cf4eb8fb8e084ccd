import { test, expect, waitForApp } from '../support/fixtures';
import { textOf } from '../support/locales';
import { addProToCart } from '../support/store';

// A visitor quicker than the page's code (docs/decisions/048-islands-on-public-pages.md): the
// clicks on the pricing offer before its island wakes are held and played again in order, even
// when the first one (a billing cycle) redraws the cards the second one (an add) was made on.
for (const lang of ['fr', 'en'] as const) {
  test(`a cycle chosen then a card added before the offer wakes lands in the cart (${lang})`, async ({
    page,
    gotoIn,
  }) => {
    const t = textOf(lang);
    // The page's code arrives late, as on a slow network, so both clicks come first.
    await page.route('**/assets/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await gotoIn('/pricing', lang);
    const monthly = lang === 'fr' ? 'Mensuel' : 'Monthly';
    await page.locator('label', { has: page.getByRole('radio', { name: monthly }) }).click();
    await addProToCart(page, lang);
    await expect(page.getByRole('link', { name: t('cart', 'summary.checkout') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('main')).toContainText(monthly);
  });
}

// On the roadmap React comes at idle for the live board, and the islands that wait for the
// visitor stay asleep beside it (the menu, the newsletter form: their code is not fetched);
// the first tap on the menu's button wakes it and opens it.
test.describe('the roadmap on a phone', () => {
  test.use({ hasTouch: true, viewport: { width: 375, height: 800 } });

  for (const lang of ['fr', 'en'] as const) {
    test(`the menu sleeps beside the live board and opens on the first tap (${lang})`, async ({
      page,
      gotoIn,
    }) => {
      const t = textOf(lang);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await gotoIn('/roadmap', lang);
      await waitForApp(page);
      await expect(page.locator('[data-island="roadmap-board"]')).toHaveAttribute(
        'data-island-hydrated',
        'true',
      );
      await expect(page.locator('[data-island-hydrated]')).toHaveCount(2);
      expect(scripts.filter((path) => /mobile-menu|newsletter-form|cart-link/.test(path))).toEqual(
        [],
      );

      await page.getByRole('button', { name: t('common', 'nav.openMenu') }).tap();
      await expect(
        page.getByRole('button', { name: t('common', 'nav.closeMenu') }),
      ).toHaveAttribute('aria-expanded', 'true');
    });
  }
});

// The failure page's ways back are links that put the last order's lines back in the emptied
// cart (docs/decisions/048-islands-on-public-pages.md): a click that comes before their island
// wakes is held and played once React owns them, so the cart is filled before the next page.
for (const lang of ['fr', 'en'] as const) {
  test(`"View the cart" clicked before the failure page's code arrives brings the lines back (${lang})`, async ({
    page,
    gotoIn,
  }) => {
    const t = textOf(lang);
    await gotoIn('/pricing', lang);
    await addProToCart(page, lang);
    await expect(page).toHaveURL(/\/store\/cart$/);
    // The order was placed: the cart emptied, its lines kept as the last order's.
    const kept = await page.evaluate(() => {
      const cart = JSON.parse(window.localStorage.getItem('cadran-cart') ?? '{}') as {
        version?: number;
        items?: unknown[];
      };
      window.localStorage.setItem(
        'cadran-cart-last-order',
        JSON.stringify({ version: cart.version, savedAt: Date.now(), items: cart.items }),
      );
      window.localStorage.removeItem('cadran-cart');
      return cart.items?.length;
    });
    expect(kept).toBe(1);
    // The islands' code arrives late, as on a slow network, so the click comes first.
    await page.route('**/assets/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await gotoIn('/store/order/failure', lang);
    await expect(page.locator('[data-island="failure-resume"]')).not.toHaveAttribute(
      'data-island-hydrated',
    );
    await page.getByRole('link', { name: t('orders', 'failure.cart') }).click();
    await expect(page).toHaveURL(/\/store\/cart$/);
    await expect(page.getByRole('link', { name: t('cart', 'summary.checkout') })).toBeVisible({
      timeout: 20_000,
    });
  });
}
