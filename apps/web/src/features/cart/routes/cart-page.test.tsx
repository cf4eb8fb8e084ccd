import { CART_STORAGE_KEY } from '@cadran/domain/constants';
import { promoCode } from '@cadran/domain/test-fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { expectTexts } from '@/test/expect-texts';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { quoteAnswer, type QuotedTemplate } from '@/test/quote-server';
import { renderRoutes } from '@/test/render';
import { catalogEntry, templateInput } from '../store/cart-fixtures';
import { useCartStore, withTotals } from '../store/cart-store';
import { CartPage } from './cart-page';

/** The catalogue as the API sends it: both cart templates still on sale, same prices. */
const catalogue = [
  catalogEntry({ id: 1, name: 'Pro' }),
  catalogEntry({ id: 2, name: 'Agence', price: '119.00', setup_fee: '49.00' }),
];
const priced = new Map<number, QuotedTemplate>([
  [1, { priceCents: 4900, setupFeeCents: 0, renewalPriceCents: 4900, billingCycle: 'monthly' }],
  [
    2,
    { priceCents: 11900, setupFeeCents: 4900, renewalPriceCents: 11900, billingCycle: 'monthly' },
  ],
]);
const promos = [
  promoCode({ code: 'NOEL' }),
  promoCode({ code: 'FINI', endsAt: new Date('2020-01-01T00:00:00Z') }),
];
const fetchMock = mockFetch();
/** The catalogue and the quote, each answered by its own route. */
const serve = (templates = catalogue) =>
  fetchMock.mockImplementation((url, init) =>
    Promise.resolve(
      requestUrl(url) === '/api/v1/website/quote'
        ? quoteAnswer(requestBody(init), priced, promos)
        : json(200, { success: true, templates }),
    ),
  );
const quoteCalls = () =>
  fetchMock.mock.calls.filter(([url]) => requestUrl(url) === '/api/v1/website/quote');

beforeEach(async () => {
  serve();
  useCartStore.setState({
    ...withTotals([]),
    error: null,
    unavailableRemoved: [],
    promoCode: '',
  });
  localStorage.clear();
  await loadNamespaces(['cart']);
});

const renderCart = () =>
  renderRoutes(
    [
      { path: '/store/cart', element: <CartPage /> },
      { path: '/pricing', element: <h1>Tarifs</h1> },
    ],
    '/store/cart',
  );

function fillCart() {
  const { addItem } = useCartStore.getState();
  addItem(templateInput({ id: 1, name: 'Pro' }), { quantity: 2 });
  addItem(templateInput({ id: 2, name: 'Agence', price: '119.00', setup_fee: '49.00' }), {
    customizations: { extra_domains: 2, extra_installations: 1 },
  });
}

const line = (name: string) => screen.getByRole('listitem', { name });
const summary = () => screen.getByRole('region', { name: 'Récapitulatif' });
const quantityOf = (name: string) => screen.getByRole('textbox', { name: `Quantité de ${name}` });

describe('cart page', () => {
  it('shows the empty state with a link to the pricing page', async () => {
    const user = userEvent.setup();
    const { router } = renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Panier' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Votre panier est vide' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voir les tarifs' }));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists each line with limits, updates flag, extras, unit price and subtotal', async () => {
    fillCart();
    renderCart();
    const agency = line('Agence');
    expectTexts(agency, [
      '3 noms de domaine',
      '3 installations',
      'Mises à jour incluses',
      '+ 2 domaines supplémentaires',
      '+ 1 installation supplémentaire',
      // 119 + 49 setup + 2 x 10 + 1 x 5
      'Prix unitaire HT193,00 €',
      'dont 49,00 € de mise en service',
    ]);
    expect(line('Pro')).toHaveTextContent('Sous-total HT98,00 €');
    expect(line('Pro')).not.toHaveTextContent('supplémentaire');

    // The amounts are the server's quote, French VAT until the checkout knows the country.
    expect(await within(summary()).findByText('349,20 €')).toBeInTheDocument();
    expectTexts(summary(), [
      '3 articles',
      'Sous-total HT291,00 €',
      'TVA France (20 %)58,20 €',
      'Total à payer349,20 €',
    ]);
    expect(quoteCalls()).toHaveLength(1);
    expect(within(summary()).getByRole('link', { name: 'Passer commande' })).toHaveAttribute(
      'href',
      '/store/checkout',
    );
    expect(screen.getByRole('heading', { name: 'Paiement sécurisé' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mises à jour' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Support réactif' })).toBeInTheDocument();
  });

  it('changes quantities with the buttons, minus disabled at 1', async () => {
    const user = userEvent.setup();
    fillCart();
    renderCart();
    const minus = screen.getByRole('button', { name: 'Diminuer la quantité de Agence' });
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    await user.click(minus);
    expect(quantityOf('Agence')).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité de Agence' }));
    expect(quantityOf('Agence')).toHaveValue('2');
    expect(minus).not.toHaveAttribute('aria-disabled');
    expect(line('Agence')).toHaveTextContent('Sous-total HT386,00 €');
    await user.click(screen.getByRole('button', { name: 'Diminuer la quantité de Pro' }));
    expect(quantityOf('Pro')).toHaveValue('1');
    expect(summary()).toHaveTextContent('3 articles');
  });

  it('takes typed quantities: numbers apply, text falls back to 1, below 1 is ignored', async () => {
    const user = userEvent.setup();
    fillCart();
    renderCart();
    const field = quantityOf('Pro');
    await user.clear(field);
    await user.type(field, '7');
    expect(useCartStore.getState().items[0]?.quantity).toBe(7);

    await user.clear(field);
    await user.type(field, '0');
    expect(field).toHaveValue('0');
    await user.tab();
    expect(field).toHaveValue('7');
    expect(useCartStore.getState().items[0]?.quantity).toBe(7);

    await user.clear(field);
    await user.type(field, 'abc');
    expect(useCartStore.getState().items[0]?.quantity).toBe(1);
    await user.tab();
    expect(field).toHaveValue('1');
  });

  it('removes a line only after confirmation', async () => {
    const user = userEvent.setup();
    fillCart();
    renderCart();
    await user.click(screen.getByRole('button', { name: 'Retirer Pro du panier' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Retirer cette licence\u202f?' });
    expect(dialog).toHaveTextContent('« Pro » sera retirée de votre panier.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(line('Pro')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retirer Pro du panier' }));
    await user.click(screen.getByRole('button', { name: 'Retirer du panier' }));
    expect(screen.queryByRole('listitem', { name: 'Pro' })).not.toBeInTheDocument();
    expect(summary()).toHaveTextContent('1 article');
    await waitFor(() => expect(document.getElementById('cart-lines-title')).toHaveFocus());
  });

  it('clears the cart only after confirmation, and saves it', async () => {
    const user = userEvent.setup();
    fillCart();
    renderCart();
    await user.click(screen.getByRole('button', { name: 'Vider le panier' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Vider le panier\u202f?' });
    await user.click(within(dialog).getByRole('button', { name: 'Vider le panier' }));
    expect(screen.getByRole('heading', { name: 'Votre panier est vide' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toEqual({
      version: 1,
      items: [],
    });
  });

  it('applies a promo code on demand, keeps it with the cart, and says why a code is refused', async () => {
    const user = userEvent.setup();
    fillCart();
    renderCart();
    expect(await within(summary()).findByText('349,20 €')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Code promo' });

    // Typing asks nothing; applying asks once.
    await user.type(field, 'fini');
    expect(quoteCalls()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Ce code promo a expiré')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Ce code promo a expiré');
    expect(useCartStore.getState().promoCode).toBe('');
    expect(quoteCalls()).toHaveLength(2);

    await user.clear(field);
    await user.type(field, 'inconnu{Enter}');
    expect(await screen.findByText('Ce code promo n’existe pas')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, ' noel {Enter}');
    expect(await screen.findByText('Code NOEL appliqué')).toBeInTheDocument();
    // 10 % of 291.00 off before VAT: 261.90 + 52.38.
    expectTexts(summary(), ['Remise (code NOEL)−29,10 €', 'Total à payer314,28 €']);
    expect(useCartStore.getState().promoCode).toBe('NOEL');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toMatchObject({
      promoCode: 'NOEL',
    });

    await user.click(screen.getByRole('button', { name: 'Retirer le code' }));
    expect(useCartStore.getState().promoCode).toBe('');
    expect(await within(summary()).findByText('349,20 €')).toBeInTheDocument();
  });

  it('drops lines whose template is no longer sold once the catalogue loads', async () => {
    serve(catalogue.slice(1));
    fillCart();
    renderCart();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Certaines licences ne sont plus proposées');
    expect(notice).toHaveTextContent('Nous les avons retirées de votre panier : Pro.');
    expect(screen.queryByRole('listitem', { name: 'Pro' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/website/templates?lang=fr');
  });

  it('keeps the cart as it is when the catalogue cannot be loaded', async () => {
    fetchMock.mockImplementation((url, init) =>
      Promise.resolve(
        requestUrl(url) === '/api/v1/website/quote'
          ? quoteAnswer(requestBody(init), priced)
          : json(500, { success: false, message: 'Erreur' }),
      ),
    );
    fillCart();
    renderCart();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(line('Pro')).toBeInTheDocument();
    expect(line('Agence')).toBeInTheDocument();
  });

  it('shows the store error field with a way to dismiss it', async () => {
    const user = userEvent.setup();
    fillCart();
    useCartStore.setState({ error: { action: 'save', message: 'cart.save_failed' } });
    renderCart();
    const alert = screen.getAllByRole('alert')[0]!;
    expect(alert).toHaveTextContent('Votre panier n’a pas pu être enregistré sur cet appareil');
    await user.click(within(alert).getByRole('button', { name: 'Fermer le message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
