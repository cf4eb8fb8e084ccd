import { test, expect } from '../support/fixtures';
import { textOf } from '../support/locales';

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
    await page
      .getByRole('article', { name: 'Pro' })
      .getByRole('button', { name: lang === 'fr' ? 'Ajouter au panier' : 'Add to cart' })
      .click();
    await expect(page.getByRole('link', { name: t('cart', 'summary.checkout') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('main')).toContainText(monthly);
  });
}
