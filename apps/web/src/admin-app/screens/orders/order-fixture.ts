import type { AdminOrderDetailResponseSchema } from '@cadran/domain/staff-orders';
import type { z } from 'zod';

type OrderAnswer = z.input<typeof AdminOrderDetailResponseSchema>;

/**
 * An order as the staff API answers it, for the screens' tests: a Belgian company's paid order
 * whose VAT number VIES could not check yet. The type keeps it to the server's shape.
 */
export const staffOrderAnswer = (overrides: Partial<OrderAnswer['order']> = {}): OrderAnswer => ({
  success: true,
  order: {
    id: '6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81',
    order_number: 'CAD-2026-0042',
    status: 'completed',
    payment_status: 'paid',
    payment_method: 'stripe',
    currency: 'EUR',
    total: 71148,
    subtotal: 58800,
    discount: 0,
    tax: 12348,
    taxable: 58800,
    tax_rate_basis_points: 2100,
    promo_code: null,
    vat_number: 'BE0403170701',
    vat_number_status: 'format_checked',
    notes: 'Merci de mentionner notre bon de commande 2026-118.',
    language: 'fr',
    billing_address: {
      company: 'Horlogerie Dumont SPRL',
      first_name: 'Lise',
      last_name: 'Dumont',
      address_line_1: 'Rue Neuve 12',
      postal_code: '1000',
      city: 'Bruxelles',
      country: 'BE',
    },
    delivery_address: null,
    created_at: '2026-11-20T10:00:00.000Z',
    customer: {
      id: '0d9a3b2c-1e4f-4a6b-8c7d-9e0f1a2b3c4d',
      email: 'lise@dumont.be',
      name: 'Lise Dumont',
      company: 'Horlogerie Dumont SPRL',
    },
    flagged_reason: null,
    license_count: 2,
    lines: [
      {
        id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        name: 'Pro',
        billing_cycle: 'annually',
        quantity: 2,
        unit_price: 29400,
        total_price: 58800,
        discount: 0,
        total_excl_tax: 58800,
        tax: 12348,
        total_incl_tax: 71148,
        domains: ['dumont.be'],
      },
    ],
    events: [],
    payments: [
      {
        id: '8b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
        provider: 'stripe',
        status: 'succeeded',
        amount: 71148,
        reference: 'cs_test_42',
        created_at: '2026-11-20T10:01:00.000Z',
      },
    ],
    refunds: [],
    transfer: null,
    invoice: {
      id: '9c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
      number: 'FA-2026-00042',
      issued_at: '2026-11-20T10:02:00.000Z',
      url: '/api/v1/admin/orders/6f1c1f1e-7d3a-4c55-9b8e-2a4d5e6f7a81/invoice',
      einvoice: [
        {
          status: 'deposited',
          at: '2026-11-20T10:02:05.000Z',
          platform: 'demo',
          reference: 'DEMO-FA-2026-00042',
          detail: null,
        },
        {
          status: 'received',
          at: '2026-11-20T10:02:05.000Z',
          platform: 'demo',
          reference: 'DEMO-FA-2026-00042',
          detail: null,
        },
      ],
    },
    credit_notes: [],
    licences: [],
    withdrawal: null,
    ...overrides,
  },
});
