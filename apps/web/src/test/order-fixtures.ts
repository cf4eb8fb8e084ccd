import type { Order } from '@cadran/domain/orders';

type BillingAddress = Order['billing_address'];

export const billingAddress = (overrides: Partial<BillingAddress> = {}): BillingAddress => ({
  first_name: 'Camille',
  last_name: 'Martin',
  company: 'Atelier Martin',
  email: 'camille@exemple.fr',
  phone: '',
  address_line_1: '12 rue de la Paix',
  address_line_2: '',
  city: 'Paris',
  postal_code: '75002',
  country: 'FR',
  vat_number: '',
  siren: '',
  ...overrides,
});

/** An unpaid order as the API answers it, 490 € before VAT; tests override what they look at. */
/** A delivery address other than the billing one, abroad: the postcode before the town. */
export const berlinDelivery = (): NonNullable<Order['delivery_address']> => ({
  first_name: 'Jan',
  last_name: 'Weber',
  company: 'Weber Uhren GmbH',
  address_line_1: 'Unter den Linden 5',
  address_line_2: '',
  postal_code: '10117',
  city: 'Berlin',
  country: 'DE',
});

export const sampleOrder = (overrides: Partial<Order> = {}): Order => ({
  id: '6f1c2a8e-4b7d-4c1e-9a3f-2d5b8e7c9a10',
  order_number: 'CAD-2026-7KQ4M9XZ',
  status: 'pending',
  payment_status: 'unpaid',
  payment_method: 'bank_transfer',
  created_at: '2026-11-01T10:00:00.000Z',
  currency: 'EUR',
  subtotal: '490.00',
  tax_rate: '20.00',
  tax_amount: '98.00',
  total: '588.00',
  items: [],
  billing_address: billingAddress(),
  lines: [],
  discount: '0.00',
  taxable: '490.00',
  tax: '98.00',
  reverse_charge: false,
  tax_kind: 'domestic',
  vat_number_status: 'none',
  invoice: null,
  ...overrides,
});

/** The `n`th order of an account's list as the API answers it, paid by card unless overridden. */
export const orderSummary = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  order_number: `CAD-2026-ABCDEF${String(n).padStart(2, '0')}`,
  status: 'completed',
  payment_status: 'paid',
  payment_method: 'stripe',
  total: '228.00',
  currency: 'EUR',
  created_at: '2026-11-20T10:00:00.000Z',
  kind: 'order',
  invoice_number: null,
  ...overrides,
});
