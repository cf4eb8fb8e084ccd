import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_PATTERN,
  OrderNumberSchema,
  OrderSchema,
  generateOrderNumber,
  type Order,
} from './orders';
import { validBilling } from './test-fixtures';

describe('OrderSchema', () => {
  const order: Order = {
    id: '6f1c2a8e-4b7d-4c1e-9a3f-2d5b8e7c9a10',
    order_number: 'CAD-2026-7KQ4M9XZ',
    status: 'pending',
    payment_status: 'unpaid',
    payment_method: 'bank_transfer',
    created_at: '2026-03-01T10:00:00.000Z',
    currency: 'EUR',
    subtotal: '69.50',
    tax_rate: '20.00',
    tax_amount: '13.90',
    total: '83.40',
    items: [
      {
        id: '0b9e4d2c-7a1f-4e8b-b3c6-5f2a9d1e8c47',
        template: {
          id: 1,
          name: 'Cadran Pro',
          description: 'Licence',
          domain_limit: 3,
          installation_limit: 2,
          update_permissions: 1,
        },
        quantity: 1,
        unit_price: '69.50',
        total_price: '69.50',
        customizations: {
          primary_domain: 'example.com',
          additional_domains_list: [],
          extra_domains: 1,
          extra_installations: 0,
        },
      },
    ],
    billing_address: validBilling,
    lines: [
      {
        template_id: 1,
        billing_cycle: 'annually',
        quantity: 1,
        unit_price: '69.50',
        subtotal: '69.50',
        discount: '0.00',
        total: '69.50',
      },
    ],
    discount: '0.00',
    taxable: '69.50',
    tax: '13.90',
    reverse_charge: false,
    tax_kind: 'domestic',
    vat_number_status: 'none',
    invoice: null,
  };

  it('accepts an order as the server answers it', () => {
    expect(OrderSchema.parse(order)).toEqual(order);
  });

  it('links the invoice once one is issued, and needs the field', () => {
    const invoice = {
      number: 'FA-2026-00001',
      issued_at: '2026-06-15T12:00:00.000Z',
      url: '/api/v1/website/orders/x/invoice',
    };
    expect(OrderSchema.parse({ ...order, invoice }).invoice).toEqual(invoice);
    const { invoice: _omitted, ...without } = order;
    expect(OrderSchema.safeParse(without).success).toBe(false);
  });

  it('refuses float amounts and unknown statuses', () => {
    expect(OrderSchema.safeParse({ ...order, total: 83.4 }).success).toBe(false);
    expect(OrderSchema.safeParse({ ...order, status: 'shipped' }).success).toBe(false);
    expect(OrderSchema.safeParse({ ...order, created_at: 'yesterday' }).success).toBe(false);
    expect(OrderSchema.safeParse({ ...order, id: 12 }).success).toBe(false);
  });
});

describe('generateOrderNumber', () => {
  const year2026 = new Date('2026-06-15T12:00:00Z');

  it('formats 40 random bits into 8 unambiguous characters', () => {
    expect(generateOrderNumber(new Uint8Array([0, 0, 0, 0, 0]), year2026)).toBe(
      'CAD-2026-22222222',
    );
    expect(generateOrderNumber(new Uint8Array([255, 255, 255, 255, 255]), year2026)).toBe(
      'CAD-2026-ZZZZZZZZ',
    );
    expect(generateOrderNumber(new Uint8Array([0, 0, 0, 0, 1, 99]), year2026)).toBe(
      'CAD-2026-22222223',
    );
    expect(ORDER_NUMBER_ALPHABET).toHaveLength(32);
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('needs five bytes', () => {
    expect(() => generateOrderNumber(new Uint8Array(4), year2026)).toThrow(RangeError);
  });

  it('always matches the pattern and maps distinct bytes to distinct numbers', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        fc.uint8Array({ minLength: 5, maxLength: 5 }),
        (a, b) => {
          const na = generateOrderNumber(a, year2026);
          expect(na).toMatch(ORDER_NUMBER_PATTERN);
          expect(OrderNumberSchema.safeParse(na).success).toBe(true);
          expect(na === generateOrderNumber(b, year2026)).toBe(a.every((byte, i) => byte === b[i]));
        },
      ),
    );
  });

  it('refuses malformed order numbers in routes', () => {
    for (const value of [
      'CAD-2026-7KQ4M9X',
      'CAD-2026-7KQ4M9XO',
      'cad-2026-7KQ4M9XZ',
      "CAD-2026-7KQ4M9XZ' OR 1=1",
    ]) {
      expect(OrderNumberSchema.safeParse(value).success).toBe(false);
    }
  });
});
