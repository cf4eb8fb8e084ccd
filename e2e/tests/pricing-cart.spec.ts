import type { Locator, Page } from '@playwright/test';
import { test, expect, type Lang } from '../support/fixtures';

// Pricing and cart journeys (docs/product.md 'Pricing and the catalogue', 'Cart'): the pricing page
// (cycles, cards, add to cart) and the cart (quantities by button and by typing, confirm prompts,
// persistence across reloads, header badge), in both languages, against the seeded demo catalogue.

const text = {
  fr: {
    pricing: 'Tarifs',
    cart: 'Panier',
    monthly: 'Mensuel',
    annually: 'Annuel',
    biennially: 'Tous les 2 ans',
    add: 'Ajouter au panier',
    agency: 'Agence',
    enterprise: 'Entreprise',
    recommended: 'Recommandé',
    twoMonthsFree: '2 mois offerts par rapport au paiement mensuel',
    save24: /Économisez 24\s% par rapport au paiement mensuel/,
    enterpriseOnly: 'Disponible uniquement à l’année ou par période de 2 ans.',
    seeStarterYearly: 'Voir Starter à l’année',
    cartLabel: (n: number) =>
      n === 0 ? 'Panier' : `Panier, ${n} ${n === 1 ? 'article' : 'articles'}`,
    quantity: (name: string) => `Quantité de ${name}`,
    minus: (name: string) => `Diminuer la quantité de ${name}`,
    plus: (name: string) => `Augmenter la quantité de ${name}`,
    remove: (name: string) => `Retirer ${name} du panier`,
    removeTitle: 'Retirer cette licence ?',
    removeConfirm: 'Retirer du panier',
    cancel: 'Annuler',
    clear: 'Vider le panier',
    clearTitle: 'Vider le panier ?',
    empty: 'Votre panier est vide',
    summary: 'Récapitulatif',
    tax: 'TVA France (20 %)',
    checkout: 'Passer commande',
  },
  en: {
    pricing: 'Pricing',
    cart: 'Cart',
    monthly: 'Monthly',
    annually: 'Yearly',
    biennially: 'Every 2 years',
    add: 'Add to cart',
    agency: 'Agency',
    enterprise: 'Enterprise',
    recommended: 'Recommended',
    twoMonthsFree: '2 months free compared with paying monthly',
    save24: /Save 24% compared with paying monthly/,
    enterpriseOnly: 'Only available yearly or every 2 years.',
    seeStarterYearly: 'See Starter yearly',
    cartLabel: (n: number) => (n === 0 ? 'Cart' : `Cart, ${n} ${n === 1 ? 'item' : 'items'}`),
    quantity: (name: string) => `Quantity of ${name}`,
    minus: (name: string) => `Decrease the quantity of ${name}`,
    plus: (name: string) => `Increase the quantity of ${name}`,
    remove: (name: string) => `Remove ${name} from the cart`,
    removeTitle: 'Remove this licence?',
    removeConfirm: 'Remove from cart',
    cancel: 'Cancel',
    clear: 'Empty the cart',
    clearTitle: 'Empty the cart?',
    empty: 'Your cart is empty',
    summary: 'Summary',
    tax: 'VAT France (20%)',
    checkout: 'Checkout',
  },
} as const;

const cardNames = (page: Page) =>
  page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();

/** The cart link of the header, found by its accessible name (which carries the count). */
const cartLink = (page: Page, lang: Lang, count: number) =>
  page.getByRole('banner').getByRole('link', { name: text[lang].cartLabel(count), exact: true });

async function addFromPricing(page: Page, lang: Lang, cycle: string, name: string) {
  const t = text[lang];
  await page.goto('/pricing');
  const radio = page.getByRole('radio', { name: cycle });
  // The radio itself is visually hidden: click its label, as a person would.
  await page.locator('label', { has: radio }).click();
  await expect(radio).toBeChecked();
  await page.getByRole('article', { name }).getByRole('button', { name: t.add }).click();
  await expect(page).toHaveURL(/\/store\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.cart);
}

const line = (page: Page, name: string): Locator => page.getByRole('listitem', { name });

for (const lang of ['fr', 'en'] as const) {
  const t = text[lang];

  test.describe(`pricing and cart (${lang})`, () => {
    test('the pricing page toggles cycles and passes axe', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      await gotoIn('/pricing', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pricing);
      await expect(page.getByRole('radio', { name: t.annually })).toBeChecked();
      expect(await cardNames(page)).toEqual(['Starter', 'Pro', t.agency, t.enterprise]);
      // One recommended plan, and the yearly saving against paying monthly.
      await expect(page.getByText(t.recommended, { exact: true })).toHaveCount(1);
      await expect(page.getByRole('article', { name: 'Pro' })).toContainText(t.recommended);
      await expect(page.getByRole('article', { name: 'Pro' })).toContainText(t.twoMonthsFree);
      // Side by side, every card's price starts on the same line; the help section leads back
      // up to the plans, not to /store (which leads here).
      await page.setViewportSize({ width: 1366, height: 900 });
      const priceTops = await page
        .getByRole('article')
        .evaluateAll((cards) =>
          cards.map((card) =>
            Math.round(card.querySelector('.text-4xl')?.getBoundingClientRect().top ?? -1),
          ),
        );
      expect(new Set(priceTops).size, `price lines ${priceTops.join(', ')}`).toBe(1);
      const backToPlans = page.getByRole('link', {
        name: lang === 'fr' ? 'Choisir une licence' : 'Choose a licence',
      });
      await expect(backToPlans).toHaveAttribute('href', /#pricing-plans$/);
      await expectNoA11yViolations();

      // Keyboard: arrows move between the cycles of the radio group.
      await page.getByRole('radio', { name: t.annually }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('radio', { name: t.monthly })).toBeChecked();
      await expect.poll(() => cardNames(page)).toEqual(['Starter', 'Pro', t.agency]);
      // The plan the cycle lacks says where it is sold.
      await expect(page.getByRole('region', { name: t.enterprise, exact: true })).toContainText(
        t.enterpriseOnly,
      );
      await expectNoA11yViolations();

      await page.locator('label', { has: page.getByRole('radio', { name: t.biennially }) }).click();
      await expect.poll(() => cardNames(page)).toEqual(['Pro', t.agency, t.enterprise]);
      await expect(page.getByRole('article', { name: t.enterprise })).toContainText(
        lang === 'fr' ? '5 390,00 €' : '€5,390.00',
      );
      await expect(page.getByRole('article', { name: 'Pro' })).toContainText(t.save24);

      // Its button, pressed from the keyboard, turns the toggle and leads to the card.
      const seeStarter = page
        .getByRole('region', { name: 'Starter', exact: true })
        .getByRole('button', { name: t.seeStarterYearly });
      await seeStarter.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('radio', { name: t.annually })).toBeChecked();
      await expect(page.getByRole('article', { name: 'Starter' })).toBeFocused();
    });

    test('adds, changes, removes, survives a reload and clears', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      await gotoIn('/store/cart', lang);
      await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
      await expect(cartLink(page, lang, 0)).toBeVisible();

      // Two templates, one of them twice.
      await addFromPricing(page, lang, t.annually, 'Pro');
      await expect(cartLink(page, lang, 1)).toBeVisible();
      await addFromPricing(page, lang, t.annually, 'Pro');
      await expect(page.getByRole('textbox', { name: t.quantity('Pro') })).toHaveValue('2');
      await addFromPricing(page, lang, t.monthly, 'Starter');
      await expect(page.getByRole('list').getByRole('listitem', { name: /.+/ })).toHaveCount(2);
      await expect(cartLink(page, lang, 3)).toBeVisible();
      await expect(page.getByTestId('cart-badge')).toHaveText('3');
      await expect(page.getByRole('region', { name: t.summary })).toContainText(t.tax);
      await expectNoA11yViolations();

      // Quantities by button.
      const pro = page.getByRole('textbox', { name: t.quantity('Pro') });
      await page.getByRole('button', { name: t.plus('Pro') }).click();
      await expect(pro).toHaveValue('3');
      await page.getByRole('button', { name: t.minus('Pro') }).click();
      await page.getByRole('button', { name: t.minus('Pro') }).click();
      await expect(pro).toHaveValue('1');
      await expect(page.getByRole('button', { name: t.minus('Pro') })).toBeDisabled();

      // Quantities by typing: a number applies, text falls back to 1, 0 is ignored.
      await pro.fill('5');
      await expect(cartLink(page, lang, 6)).toBeVisible();
      await pro.fill('abc');
      await pro.blur();
      await expect(pro).toHaveValue('1');
      await pro.fill('4');
      await pro.fill('0');
      await pro.blur();
      await expect(pro).toHaveValue('4');
      await expect(cartLink(page, lang, 5)).toBeVisible();

      // Remove with confirmation: cancel keeps the line, confirm removes it.
      await page.getByRole('button', { name: t.remove('Starter') }).click();
      const removeDialog = page.getByRole('alertdialog', { name: t.removeTitle });
      await expect(removeDialog).toBeVisible();
      await expectNoA11yViolations();
      await removeDialog.getByRole('button', { name: t.cancel }).click();
      await expect(removeDialog).toBeHidden();
      await expect(page.getByRole('button', { name: t.remove('Starter') })).toBeFocused();
      await expect(line(page, 'Starter')).toBeVisible();
      await page.getByRole('button', { name: t.remove('Starter') }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.removeConfirm }).click();
      await expect(line(page, 'Starter')).toHaveCount(0);
      await expect(cartLink(page, lang, 4)).toBeVisible();

      // The cart survives a reload, amounts recomputed.
      await page.reload();
      await expect(page.getByRole('textbox', { name: t.quantity('Pro') })).toHaveValue('4');
      await expect(cartLink(page, lang, 4)).toBeVisible();
      await expect(page.getByRole('region', { name: t.summary })).toContainText(
        lang === 'fr' ? '2 352,00 €' : '€2,352.00', // 4 x 490 + 20 %
      );
      await expect(page.getByRole('link', { name: t.checkout })).toHaveAttribute(
        'href',
        lang === 'en' ? '/en/store/checkout' : '/store/checkout',
      );

      // Clear with confirmation: Escape cancels, the button confirms.
      await page.getByRole('button', { name: t.clear, exact: true }).click();
      await expect(page.getByRole('alertdialog', { name: t.clearTitle })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toBeHidden();
      await expect(line(page, 'Pro')).toBeVisible();
      await page.getByRole('button', { name: t.clear, exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.clear }).click();
      await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
    });

    test('a damaged stored cart is discarded without breaking the site', async ({ page }) => {
      await page.addInitScript((value) => {
        window.localStorage.setItem('language', value);
        if (!sessionStorage.getItem('seeded')) {
          window.localStorage.setItem('cadran-cart', '{"version":1,"items":[{"id":');
          sessionStorage.setItem('seeded', '1');
        }
      }, lang);
      await page.goto('/store/cart');
      await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      // The damaged value is gone rather than kept to fail again on every page.
      expect(await page.evaluate(() => localStorage.getItem('cadran-cart'))).toBeNull();
    });
  });
}
