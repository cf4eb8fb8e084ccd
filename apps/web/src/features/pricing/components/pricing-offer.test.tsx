import { readTemplateList } from '@cadran/domain/catalog-reader';
import type { LicenseTemplate } from '@cadran/domain/catalog-template';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TextsContext, type Texts } from '@/islands/texts';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { licenseTemplate } from '@/test/catalog-fixtures';
import { expectTexts } from '@/test/expect-texts';
import { PricingOffer, type PricingOfferProps } from './pricing-offer';

// Every template is featured unless said otherwise: one cycle still shows one recommendation.
const CATALOGUE = [
  licenseTemplate({
    id: 1,
    name: 'Starter',
    price: '19.00',
    renewal_price: '19.00',
    billing_cycle: 'monthly',
    sort_order: 10,
  }),
  licenseTemplate({
    id: 2,
    name: 'Pro',
    price: '49.00',
    renewal_price: '49.00',
    billing_cycle: 'monthly',
    sort_order: 20,
  }),
  licenseTemplate({
    id: 3,
    name: 'Starter',
    price: '190.00',
    renewal_price: '190.00',
    sort_order: 10,
    update_permissions: 0,
    is_featured: 0,
  }),
  licenseTemplate({
    id: 4,
    name: 'Entreprise',
    price: '2990.00',
    setup_fee: '490.00',
    renewal_price: '2690.00',
    sort_order: 40,
    domain_limit: 50,
    installation_limit: 100,
  }),
  // 12 × 49 € = 588 €: 168 € saved, 28.6 %.
  licenseTemplate({ id: 5, name: 'Pro', price: '420.00', renewal_price: '420.00', sort_order: 20 }),
];

beforeEach(async () => {
  await loadNamespaces(['pricing']);
  await i18n.changeLanguage('fr');
});

/** The catalogue as the server reads it for the page and sends it with the island. */
const listOf = (templates: readonly LicenseTemplate[]) => {
  const read = readTemplateList({ success: true, templates });
  return read ? { templates: read.templates, complete: read.rejected === 0 } : null;
};

/** The island reads its texts as on the page; here from the app's catalogue, in its language. */
const texts = (): Texts => ({
  language: i18n.language === 'en' ? 'en' : 'fr',
  t: (key, options) => i18n.t(key, options),
});

function renderPricing(
  props: Partial<PricingOfferProps> = {},
  templates: readonly LicenseTemplate[] = CATALOGUE,
) {
  const onAdded = vi.fn();
  render(
    <TextsContext value={texts()}>
      <PricingOffer
        list={listOf(templates)}
        onAddToCart={() => undefined}
        onAdded={onAdded}
        {...props}
      />
    </TextsContext>,
  );
  return { onAdded };
}

const cards = () => screen.getAllByRole('article');
const card = (name: string) => screen.getByRole('article', { name });

describe('pricing offer', () => {
  it('draws the catalogue it is given and shows annually first', async () => {
    renderPricing();
    expect(await screen.findByRole('radio', { name: 'Annuel' })).toBeChecked();
    expect(cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Starter',
      'Pro',
      'Entreprise',
    ]);
    const enterprise = card('Entreprise');
    expectTexts(enterprise, [
      '2 990,00 €',
      'HT par an',
      '+ 490,00 € HT de frais de mise en service',
      'Renouvellement : 2 690,00 € HT par an',
      'sinon, rappel par e-mail avant l’échéance. Même clé au renouvellement.',
      '50 noms de domaine',
      '100 installations',
      'Mises à jour majeures incluses',
    ]);
    expect(card('Starter')).toHaveTextContent('Correctifs de sécurité uniquement');
    expect(card('Starter')).toHaveTextContent('Sans frais de mise en service');
  });

  it('recommends one plan of the cycle: the first featured in catalogue order', async () => {
    renderPricing();
    await screen.findByRole('article', { name: 'Entreprise' });
    expect(screen.getAllByText('Recommandé')).toHaveLength(1);
    expect(card('Pro')).toHaveTextContent('Recommandé');
    expect(within(card('Pro')).getByRole('button', { name: 'Ajouter au panier' })).toHaveClass(
      'bg-brand-600',
    );
    expect(card('Entreprise')).not.toHaveTextContent('Recommandé');
    expect(
      within(card('Entreprise')).getByRole('button', { name: 'Ajouter au panier' }),
    ).not.toHaveClass('bg-brand-600');
  });

  it('tells the saving against paying monthly, in months free or as a percentage', async () => {
    renderPricing();
    await screen.findByRole('article', { name: 'Entreprise' });
    expect(card('Starter')).toHaveTextContent('2 mois offerts par rapport au paiement mensuel');
    // The matcher folds spaces; the figure keeps its no-break space before %.
    expect(card('Pro')).toHaveTextContent('Économisez 28 % par rapport au paiement mensuel');
    expect(within(card('Pro')).getByText(/^Économisez/).textContent).toBe('Économisez 28\u00a0%');
    // No monthly Entreprise: nothing to compare with.
    expect(card('Entreprise')).not.toHaveTextContent('par rapport au paiement mensuel');
  });

  it('keeps a plan the cycle lacks in view, with a button to the cycle that has it', async () => {
    const user = userEvent.setup();
    renderPricing();
    await user.click(await screen.findByRole('radio', { name: 'Mensuel' }));
    const slot = screen.getByRole('region', { name: 'Entreprise' });
    expect(slot).toHaveTextContent('Sur un autre cycle de facturation');
    expect(slot).toHaveTextContent('Disponible uniquement à l’année.');
    expect(screen.queryByRole('article', { name: 'Entreprise' })).not.toBeInTheDocument();
    // Keyboard: the button is reached by Tab and pressed with Enter.
    const show = within(slot).getByRole('button', { name: 'Voir Entreprise à l’année' });
    show.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: 'Annuel' })).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Entreprise' })).not.toBeInTheDocument();
    await waitFor(() => expect(card('Entreprise')).toHaveFocus());
  });

  it('switches cycles with the toggle', async () => {
    const user = userEvent.setup();
    renderPricing();
    await user.click(await screen.findByRole('radio', { name: 'Mensuel' }));
    expect(cards().map((c) => c.getAttribute('aria-labelledby'))).toEqual([
      'template-1-name',
      'template-2-name',
    ]);
    expect(card('Pro')).toHaveTextContent('49,00 €');
    expect(card('Pro')).toHaveTextContent('HT par mois');
  });

  it('hides the toggle when a single cycle exists, and falls back to it', async () => {
    renderPricing({}, CATALOGUE.slice(0, 2));
    expect(await screen.findByRole('article', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing is on sale', async () => {
    renderPricing({}, []);
    expect(
      await screen.findByRole('heading', { name: 'Aucun template disponible' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Aucun modèle de licence n’existe pour ce cycle de facturation/),
    ).toBeInTheDocument();
  });

  it('shows the load error when the page came without a catalogue, with a way to try again', () => {
    renderPricing({ list: null });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Erreur lors du chargement des tarifs');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('adds to the cart with an adding state, then opens the cart', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onAddToCart = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { onAdded } = renderPricing({ onAddToCart });
    const button = within(await screen.findByRole('article', { name: 'Entreprise' })).getByRole(
      'button',
      { name: 'Ajouter au panier' },
    );
    await user.click(button);
    expect(onAddToCart).toHaveBeenCalledWith(CATALOGUE[3]);
    expect(
      within(card('Entreprise')).getByRole('button', { name: 'Ajout en cours…' }),
    ).toBeDisabled();
    expect(
      within(card('Starter')).getByRole('button', { name: 'Ajouter au panier' }),
    ).toBeDisabled();
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    await waitFor(() => expect(onAdded).toHaveBeenCalledOnce());
  });

  it("shows 'Erreur lors de l’ajout au panier :' and the reason when adding fails", async () => {
    const user = userEvent.setup();
    const onAddToCart = vi.fn(() => {
      throw new Error('cart.full');
    });
    const { onAdded } = renderPricing({ onAddToCart });
    await user.click(
      within(await screen.findByRole('article', { name: 'Starter' })).getByRole('button', {
        name: 'Ajouter au panier',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Erreur lors de l’ajout au panier : Votre panier contient déjà 20 licences différentes',
    );
    expect(onAdded).not.toHaveBeenCalled();
    expect(
      within(card('Starter')).getByRole('button', { name: 'Ajouter au panier' }),
    ).toBeEnabled();
  });

  it('says the saving and the absent plan in English', async () => {
    const user = userEvent.setup();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    renderPricing(
      {},
      CATALOGUE.map((t) => (t.name === 'Entreprise' ? { ...t, name: 'Enterprise' } : t)),
    );
    await screen.findByRole('article', { name: 'Enterprise' });
    expect(card('Starter')).toHaveTextContent('2 months free compared with paying monthly');
    expect(card('Pro')).toHaveTextContent('Save 28% compared with paying monthly');
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    const slot = screen.getByRole('region', { name: 'Enterprise' });
    expect(slot).toHaveTextContent('Only available yearly.');
    await user.click(within(slot).getByRole('button', { name: 'See Enterprise yearly' }));
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  });
});
