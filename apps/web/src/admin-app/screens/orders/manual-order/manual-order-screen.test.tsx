import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signInAs } from '../../../test-staff';
import { ManualOrderScreen } from './manual-order-screen';

const template = (id: number, name_fr: string, name_en: string, billing_cycle: string) => ({
  id,
  name_fr,
  name_en,
  description_fr: '',
  description_en: '',
  features_fr: [],
  features_en: [],
  price: 19000,
  setup_fee: 0,
  renewal_price: 19000,
  billing_cycle,
  domain_limit: 1,
  installation_limit: 1,
  update_permissions: true,
  featured: false,
  published: true,
  sort_order: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});
const TEMPLATES = [
  template(1, 'Pro', 'Pro', 'monthly'),
  template(2, 'Pro', 'Pro', 'annually'),
  { ...template(3, 'Ancien', 'Old', 'annually'), published: false },
];
const QUOTE = {
  success: true,
  customer: {
    id: '6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81',
    email: 'camille@exemple.fr',
    name: 'Camille Martin',
    company: 'Atelier Martin',
    country: 'FR',
    vat_number: null,
  },
  quote: {
    lines: [
      {
        template_id: 2,
        quantity: 2,
        unit_price: '190.00',
        subtotal: '380.00',
        discount: '0.00',
        total: '380.00',
      },
    ],
    subtotal: '380.00',
    discount: '0.00',
    taxable: '380.00',
    tax: '76.00',
    tax_rate: '20.00',
    reverse_charge: false,
    total: '456.00',
    vat_number_status: 'none',
  },
};

const fetchMock = mockFetch();

function answerStaffApi(quoteAnswer: () => Response = () => json(200, QUOTE)) {
  fetchMock.mockImplementation((input) => {
    const url = requestUrl(input);
    if (url.endsWith('/templates')) {
      return Promise.resolve(json(200, { success: true, items: TEMPLATES, total: 3 }));
    }
    if (url.endsWith('/payment-methods')) {
      return Promise.resolve(
        json(200, {
          success: true,
          payment_methods: [
            { id: 'stripe', name: 'stripe', description: '', enabled: true },
            { id: 'paypal', name: 'paypal', description: '', enabled: false },
            { id: 'bank_transfer', name: 'bank_transfer', description: '', enabled: true },
          ],
        }),
      );
    }
    if (url.endsWith('/orders/manual/quote')) return Promise.resolve(quoteAnswer());
    if (url.endsWith('/orders/manual')) {
      return Promise.resolve(
        json(201, {
          success: true,
          order: { id: '0c8f3b7e-5a4d-4e2b-9f1a-7c6d5e4f3a21', order_number: 'CAD-2026-7KQ4M2XD' },
          payment_url: null,
          message:
            'Commande CAD-2026-7KQ4M2XD créée : coordonnées bancaires envoyées à camille@exemple.fr',
        }),
      );
    }
    return Promise.resolve(json(404, { success: false, message: 'Ressource introuvable' }));
  });
}

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => requestUrl(input).endsWith(path));

const open = async () => {
  await signInAs('admin');
  renderRoutes([{ path: '/orders/new', Component: ManualOrderScreen }], '/orders/new');
  await screen.findByRole('heading', { name: 'Nouvelle commande' });
};

afterEach(async () => {
  await setLanguage('fr');
});

describe('creating an order for a customer by hand', () => {
  it('names each plan with its cycle, shows the server’s quote, then opens a bank transfer', async () => {
    answerStaffApi();
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByLabelText('Client'), 'camille@exemple.fr');
    const plan = screen.getByLabelText('Offre de la ligne 1');
    expect(await within(plan).findByRole('option', { name: 'Pro (Annuel)' })).toBeInTheDocument();
    expect(within(plan).getByRole('option', { name: 'Pro (Mensuel)' })).toBeInTheDocument();
    // An unpublished template is not sold.
    expect(within(plan).queryByRole('option', { name: /Ancien/ })).toBeNull();
    await user.selectOptions(plan, 'Pro (Annuel)');
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '2');
    await user.type(screen.getByLabelText('Domaine principal'), 'atelier-martin.fr');
    await user.click(screen.getByRole('button', { name: 'Calculer le devis' }));

    const quote = await screen.findByRole('region', { name: 'Devis' });
    expect(quote).toHaveTextContent('Camille Martin · camille@exemple.fr');
    // The country by its name, never its code.
    expect(within(quote).getByText('Pays de facturation').nextElementSibling).toHaveTextContent(
      /^France$/,
    );
    expect(quote).toHaveTextContent('Pro (Annuel)');
    expect(quote).toHaveTextContent(/Total TTC\s*456,00\s€/);
    expect(quote).toHaveTextContent(/TVA 20 %\s*76,00\s€/);
    expect(JSON.parse(requestBody(calls('/orders/manual/quote')[0]?.[1]))).toEqual({
      customer: 'camille@exemple.fr',
      items: [
        {
          template_id: 2,
          quantity: 2,
          customizations: {
            primary_domain: 'atelier-martin.fr',
            additional_domains_list: [],
            extra_domains: 0,
            extra_installations: 0,
          },
        },
      ],
      promo_code: '',
    });

    // Only the methods the shop takes are offered; nothing is created before one is chosen.
    expect(screen.queryByLabelText(/PayPal/)).toBeNull();
    const create = screen.getByRole('button', { name: 'Créer la commande et l’envoyer au client' });
    expect(create).toBeDisabled();
    await user.click(screen.getByLabelText(/Virement/));
    await user.click(create);
    expect(
      await screen.findByText(/coordonnées bancaires envoyées à camille@exemple.fr/),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Ouvrir la commande CAD-2026-7KQ4M2XD' }),
    ).toHaveAttribute('href', '/orders/0c8f3b7e-5a4d-4e2b-9f1a-7c6d5e4f3a21');
    const [posted] = calls('/orders/manual');
    expect(JSON.parse(requestBody(posted?.[1]))).toMatchObject({
      customer: 'camille@exemple.fr',
      payment_method: 'bank_transfer',
      notes: '',
    });
    const headers = new Headers(posted?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  }, 20_000);

  it('names the customer’s country in English on an English screen', async () => {
    answerStaffApi(() => json(200, { ...QUOTE, customer: { ...QUOTE.customer, country: 'DE' } }));
    await setLanguage('en');
    const user = userEvent.setup();
    await signInAs('admin');
    renderRoutes([{ path: '/orders/new', Component: ManualOrderScreen }], '/orders/new');
    await user.type(await screen.findByLabelText('Customer'), 'camille@exemple.fr');
    const plan = screen.getByLabelText('Plan of line 1');
    await within(plan).findByRole('option', { name: 'Pro (Yearly)' });
    await user.selectOptions(plan, 'Pro (Yearly)');
    await user.type(screen.getByLabelText('Primary domain'), 'atelier-martin.fr');
    await user.click(screen.getByRole('button', { name: 'Get the quote' }));
    const quote = await screen.findByRole('region', { name: 'Quote' });
    expect(within(quote).getByText('Billing country').nextElementSibling).toHaveTextContent(
      /^Germany$/,
    );
  }, 20_000);

  it('shows the server’s refusal beside the field, in English too', async () => {
    answerStaffApi(() =>
      json(404, { success: false, message: 'No customer account has this address', errors: {} }),
    );
    await setLanguage('en');
    const user = userEvent.setup();
    await signInAs('admin');
    renderRoutes([{ path: '/orders/new', Component: ManualOrderScreen }], '/orders/new');
    await screen.findByRole('heading', { name: 'New order' });
    await user.type(screen.getByLabelText('Customer'), 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Get the quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No customer account has this address',
    );
    expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a line' })).toBeVisible();
  });
});
