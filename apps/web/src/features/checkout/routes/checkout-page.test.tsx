import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { sessionUser } from '@/test/account-fixtures';
import { expectTexts } from '@/test/expect-texts';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { quoteAnswer, type QuotedTemplate } from '@/test/quote-server';
import { sampleOrder } from '@/test/order-fixtures';
import { everyPaymentMethod, isPaymentMethodsRequest } from '@/test/payment-methods-server';
import { renderRoutes } from '@/test/render';
import { checkoutLine } from '../utils/checkout-fixtures';
import { CheckoutPage, type CheckoutPageProps } from './checkout-page';

const user = sessionUser();

const pro = checkoutLine();

const order = sampleOrder();

const created = (paymentUrl: string | null = null) =>
  json(201, {
    success: true,
    order,
    payment_url: paymentUrl,
    message: 'Commande créée avec succès',
  });

const fetchMock = mockFetch();
const QUOTE = '/api/v1/website/quote';
const priced = new Map<number, QuotedTemplate>([
  [
    2,
    { priceCents: 49_000, setupFeeCents: 0, renewalPriceCents: 39_000, billingCycle: 'annually' },
  ],
]);
/** The order API's answers, in turn; the quote answers by itself. */
let orderAnswers: Response[] = [];

beforeEach(() => {
  orderAnswers = [];
  fetchMock.mockImplementation((url, init) =>
    Promise.resolve(
      requestUrl(url) === QUOTE
        ? quoteAnswer(requestBody(init), priced)
        : isPaymentMethodsRequest(requestUrl(url))
          ? everyPaymentMethod()
          : (orderAnswers.shift() ?? json(500, { success: false, message: 'Réponse inattendue' })),
    ),
  );
});

const orderCalls = () =>
  fetchMock.mock.calls.filter(
    ([url]) => requestUrl(url) !== QUOTE && !isPaymentMethodsRequest(requestUrl(url)),
  );
const quoteBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => requestUrl(url) === QUOTE)
    .map(([, init]) => JSON.parse(requestBody(init)) as Record<string, unknown>);

beforeAll(async () => {
  await loadNamespaces(['checkout', 'auth']);
});

function renderCheckout(overrides: Partial<CheckoutPageProps> = {}) {
  const props: CheckoutPageProps = {
    lines: [pro],
    sessionStatus: 'authenticated',
    user,
    renderAuthPanel: () => <p>Onglets de connexion</p>,
    connectedAs: <p>Connecté en tant que Camille Martin</p>,
    onCustomizationsChange: vi.fn(),
    clearCart: vi.fn(),
    subscribeNewsletter: vi.fn(() => Promise.resolve()),
    onSessionLost: vi.fn(),
    goToPayment: vi.fn(),
    ...overrides,
  };
  // The cart keeps the extras: a small stateful stand-in, as the app's cart store would.
  function WithCart() {
    const [lines, setLines] = useState(props.lines);
    return (
      <CheckoutPage
        {...props}
        lines={lines}
        onCustomizationsChange={(lineId, customizations) => {
          props.onCustomizationsChange(lineId, customizations);
          setLines((current) =>
            current.map((line) => (line.id === lineId ? { ...line, customizations } : line)),
          );
        }}
      />
    );
  }
  const view = renderRoutes(
    [
      { path: '/store/checkout', element: <WithCart /> },
      { path: '/store/cart', element: <h1>Panier</h1> },
      { path: '/store/order/success/:orderNumber', element: <h1>Commande confirmée</h1> },
    ],
    '/store/checkout',
  );
  return { ...view, props, user: userEvent.setup() };
}

const primaryDomain = () => screen.getByRole('textbox', { name: /^Domaine principal/ });
const submitButton = () => screen.getByRole('button', { name: 'Valider la commande' });
/** Types a valid primary domain, accepts the terms of sale and submits. */
async function placeOrder(person: ReturnType<typeof userEvent.setup>) {
  await person.type(
    await screen.findByRole('textbox', { name: /^Domaine principal/ }),
    'atelier-martin.fr',
  );
  await person.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
  await person.click(submitButton());
}
const sentBody = (call = 0) =>
  JSON.parse(orderCalls()[call]?.[1]?.body as string) as Record<string, unknown>;
const sentHeaders = (call = 0) => orderCalls()[call]?.[1]?.headers as Record<string, string>;

describe('checkout page', () => {
  it('sends an empty cart back to the cart', async () => {
    renderCheckout({ lines: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Panier' })).toBeInTheDocument();
  });

  it('shows the sign-in tabs and the automatic account wording to anonymous visitors', async () => {
    renderCheckout({ sessionStatus: 'anonymous', user: null });
    expect(await screen.findByText('Onglets de connexion')).toBeInTheDocument();
    expect(
      screen.getByText(/Créez votre compte dans l’onglet «\s?Créer un compte\s?»/),
    ).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Étapes de la commande' });
    const items = within(steps).getAllByRole('listitem');
    // The specification's three steps, the first one current.
    expect(
      items.map((item) => item.textContent?.replace(/\s*\(.*\)$/, '').replace(/^\d/, '')),
    ).toEqual(['Informations', 'Paiement', 'Confirmation']);
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).toHaveTextContent('(en cours)');
    expect(screen.queryByRole('button', { name: 'Valider la commande' })).not.toBeInTheDocument();
  });

  it('prefills the billing block and keeps submit disabled until the terms are accepted', async () => {
    const { user: person } = renderCheckout();
    expect(await screen.findByText('Connecté en tant que Camille Martin')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Prénom/ })).toHaveValue('Camille');
    expect(screen.getByRole('textbox', { name: 'Adresse' })).toHaveValue('12 rue de la Paix');
    expect(screen.getByRole('radio', { name: /Carte bancaire/ })).toBeChecked();
    expect(submitButton()).toBeDisabled();
    await person.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    expect(submitButton()).toBeEnabled();
  });

  it('shows domain errors next to their field without calling the server', async () => {
    const { user: person } = renderCheckout();
    await person.click(
      await screen.findByRole('checkbox', { name: /conditions générales de vente/ }),
    );
    await person.click(submitButton());
    expect(await screen.findByText('Le domaine principal est requis')).toBeInTheDocument();
    expect(screen.getByText('Veuillez corriger les noms de domaine')).toBeInTheDocument();
    expect(primaryDomain()).toHaveAttribute('aria-invalid', 'true');
    expect(primaryDomain()).toHaveFocus();
    await person.type(primaryDomain(), 'pas valide');
    await person.click(submitButton());
    expect(await screen.findByText('Le domaine principal n’est pas valide')).toBeInTheDocument();
    expect(orderCalls()).toHaveLength(0);
  });

  it('adds additional domains up to domain_limit - 1 and removes them', async () => {
    const { user: person } = renderCheckout();
    const add = await screen.findByRole('button', {
      name: 'Ajouter un domaine supplémentaire à Pro',
    });
    await person.click(add);
    expect(screen.getByRole('textbox', { name: 'Domaine supplémentaire 1' })).toHaveFocus();
    await person.click(
      screen.getByRole('button', { name: 'Ajouter un domaine supplémentaire à Pro' }),
    );
    expect(screen.getByRole('textbox', { name: 'Domaine supplémentaire 2' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Ajouter un domaine/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Vous avez utilisé tous les domaines inclus/)).toBeInTheDocument();
    await person.click(
      screen.getByRole('button', { name: 'Retirer le domaine supplémentaire 2 de Pro' }),
    );
    expect(screen.getByRole('textbox', { name: 'Domaine supplémentaire 1' })).toHaveFocus();
    expect(
      screen.queryByRole('textbox', { name: 'Domaine supplémentaire 2' }),
    ).not.toBeInTheDocument();
  });

  it('saves extras in the cart, within 0 to 10', async () => {
    const { user: person, props } = renderCheckout();
    const extras = await screen.findByRole('spinbutton', { name: 'Domaines en option' });
    await person.clear(extras);
    await person.type(extras, '2');
    expect(props.onCustomizationsChange).toHaveBeenLastCalledWith('line-pro', {
      extra_domains: 2,
      extra_installations: 0,
    });
    await person.clear(extras);
    await person.type(extras, '12');
    expect(screen.getByText('La valeur doit être comprise entre 0 et 10')).toBeInTheDocument();
    expect(props.onCustomizationsChange).not.toHaveBeenCalledWith(
      'line-pro',
      expect.objectContaining({ extra_domains: 12 }),
    );
  });

  it('shows the server’s quote: cycle, period, renewal, and the VAT of the billing country', async () => {
    const { user: person } = renderCheckout();
    const summary = await screen.findByRole('region', { name: 'Récapitulatif' });
    expect(await within(summary).findByText('TVA France (20 %)')).toBeInTheDocument();
    expectTexts(summary, [
      'Quantité : 1 · Annuel',
      'Période couverte : du 24 novembre 2026 au 24 novembre 2027',
      'Renouvellement le 24 novembre 2027 : 390,00 € HT, sur nouvelle commande',
      'Total à payer588,00 €',
    ]);
    // An EU consumer pays the VAT of their member state: 490.00 x 19 % = 93.10.
    await person.selectOptions(screen.getByRole('combobox', { name: /^Pays/ }), 'DE');
    expect(await within(summary).findByText('TVA Allemagne (19 %)')).toBeInTheDocument();
    expect(within(summary).getByText('93,10 €')).toBeInTheDocument();
    // Outside the EU: no French VAT.
    await person.selectOptions(screen.getByRole('combobox', { name: /^Pays/ }), 'CH');
    expect(await within(summary).findByText('TVA non applicable (hors UE)')).toBeInTheDocument();
    expect(
      within(summary).getByText('TVA non applicable — article 259-1 du CGI'),
    ).toBeInTheDocument();
  });

  it('shows the reverse charge as soon as a whole VAT number is typed, and refuses a wrong one on leaving the field', async () => {
    const { user: person } = renderCheckout();
    const summary = await screen.findByRole('region', { name: 'Récapitulatif' });
    await person.selectOptions(screen.getByRole('combobox', { name: /^Pays/ }), 'DE');
    const vat = screen.getByRole('textbox', { name: /^Numéro de TVA intracommunautaire/ });

    // A number of another country is refused beside the field, once the buyer leaves it.
    await person.type(vat, 'FR40303265045');
    expect(vat).not.toHaveAttribute('aria-invalid');
    await person.tab();
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(vat).toHaveAccessibleDescription(
      expect.stringContaining('attribué dans un autre pays que celui de l’adresse de facturation'),
    );
    expect(within(summary).getByText('TVA Allemagne (19 %)')).toBeInTheDocument();

    await person.clear(vat);
    await person.type(vat, 'DE 136 695 976');
    expect(
      await within(summary).findByText('TVA : autoliquidation (0 %)', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText('Autoliquidation — article 196 de la directive 2006/112/CE'),
    ).toBeInTheDocument();
    expectTexts(summary, ['Total à payer490,00 €']);
    // Priced as a whole number only: never the digits typed one by one.
    const asked = quoteBodies().map((body) => body.vat_number);
    expect(asked.filter((number) => number !== '')).toEqual(['DE136695976']);
    await person.tab();
    expect(vat).not.toHaveAttribute('aria-invalid');
  });

  it('places the order with a fresh Idempotency-Key, then goes to the success page and empties the cart', async () => {
    orderAnswers.push(
      json(500, { success: false, message: 'Une erreur interne est survenue' }),
      created(),
    );
    const { user: person, props, router } = renderCheckout();
    await person.type(
      await screen.findByRole('textbox', { name: /^Domaine principal/ }),
      'atelier-martin.fr',
    );
    await person.click(screen.getByRole('radio', { name: /Virement bancaire/ }));
    await person.click(screen.getByRole('checkbox', { name: /lettre d’information/ }));
    await person.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await person.click(submitButton());

    expect(await screen.findByText('Une erreur interne est survenue')).toBeInTheDocument();
    expect(props.clearCart).not.toHaveBeenCalled();
    await person.click(submitButton());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/store/order/success/CAD-2026-7KQ4M9XZ'),
    );

    const [first, second] = [sentHeaders(0)['Idempotency-Key'], sentHeaders(1)['Idempotency-Key']];
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(second).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(first).not.toBe(second);
    expect(orderCalls()[1]?.[0]).toBe('/api/v1/website/orders');
    expect(sentBody(1)).toMatchObject({
      payment_method: 'bank_transfer',
      newsletter: true,
      items: [
        { template_id: 2, quantity: 1, customizations: { primary_domain: 'atelier-martin.fr' } },
      ],
      billing_address: { first_name: 'Camille', country: 'FR' },
    });
    expect(props.clearCart).toHaveBeenCalledTimes(1);
    expect(props.subscribeNewsletter).toHaveBeenCalledWith('camille@exemple.fr');
  });

  it('goes to the payment_url when the server gives one', async () => {
    orderAnswers.push(created('https://pay.example/checkout/abc'));
    const { user: person, props } = renderCheckout();
    await placeOrder(person);
    await waitFor(() =>
      expect(props.goToPayment).toHaveBeenCalledWith('https://pay.example/checkout/abc'),
    );
    expect(props.clearCart).toHaveBeenCalledTimes(1);
    expect(props.subscribeNewsletter).not.toHaveBeenCalled();
  });

  it('shows the server field errors next to their field', async () => {
    orderAnswers.push(
      json(422, {
        success: false,
        message: 'Trop de domaines supplémentaires pour cette licence',
        errors: {
          'items.0.customizations.primary_domain': ['Le domaine principal n’est pas valide'],
          'billing_address.postal_code': ['Le code postal est requis'],
        },
      }),
    );
    const { user: person } = renderCheckout();
    await placeOrder(person);
    expect(
      await screen.findByText('Trop de domaines supplémentaires pour cette licence'),
    ).toBeInTheDocument();
    expect(primaryDomain()).toHaveAccessibleDescription(
      expect.stringContaining('Le domaine principal n’est pas valide'),
    );
    expect(screen.getByRole('textbox', { name: /^Code postal/ })).toHaveAccessibleDescription(
      'Le code postal est requis',
    );
    expect(primaryDomain()).toHaveFocus();
    expect(submitButton()).toBeEnabled();
  });

  it('asks the app to recheck the session when the server no longer knows it', async () => {
    orderAnswers.push(
      json(401, { success: false, message: 'Vous devez être connecté pour passer commande' }),
    );
    const { user: person, props } = renderCheckout();
    await placeOrder(person);
    expect(
      await screen.findByText('Vous devez être connecté pour passer commande'),
    ).toBeInTheDocument();
    expect(props.onSessionLost).toHaveBeenCalled();
  });
});
