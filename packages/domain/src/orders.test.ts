import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from './validation';
import {
  additionalDomains,
  lineDomains,
  CheckoutFormSchema,
  OrderCreateSchema,
  isDomainErrorPath,
  maxAdditionalDomains,
} from './orders';
import { validBilling } from './test-fixtures';

const item = (
  customizations: Record<string, unknown> = {},
  rest: Record<string, unknown> = {},
) => ({
  template_id: 1,
  quantity: 1,
  customizations: { primary_domain: 'example.com', ...customizations },
  ...rest,
});

const payload = (overrides: Record<string, unknown> = {}) => ({
  items: [item()],
  billing_address: validBilling,
  payment_method: 'stripe',
  notes: '',
  ...overrides,
});

const errorsOf = (input: unknown) => {
  const result = OrderCreateSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromZod(result.error);
};

describe('OrderCreateSchema', () => {
  it('accepts a minimal order and fills the defaults', () => {
    const parsed = OrderCreateSchema.parse(payload());
    expect(parsed.items[0]).toEqual({
      template_id: 1,
      quantity: 1,
      customizations: {
        primary_domain: 'example.com',
        additional_domains_list: [],
        extra_domains: 0,
        extra_installations: 0,
      },
    });
    expect(parsed.notes).toBe('');
    expect(parsed.newsletter).toBeUndefined();
  });

  it('normalises domains and ignores empty additional ones', () => {
    const parsed = OrderCreateSchema.parse(
      payload({
        items: [
          item({
            primary_domain: 'https://www.Example.com/shop',
            additional_domains_list: ['', '  ', 'WWW.Second.fr', 'second.fr', 'https://third.io/x'],
            extra_domains: 2,
            extra_installations: 10,
          }),
        ],
        newsletter: true,
      }),
    );
    expect(parsed.items[0]?.customizations).toEqual({
      primary_domain: 'example.com',
      additional_domains_list: ['second.fr', 'third.io'],
      extra_domains: 2,
      extra_installations: 10,
    });
    expect(parsed.newsletter).toBe(true);
  });

  it('drops client-sent amounts and legacy customisation keys', () => {
    const parsed = OrderCreateSchema.parse({
      ...payload({
        items: [
          item(
            {
              additional_domains: 5,
              additional_installations: 3,
              domain_name: 'evil.com',
              price: '0.01',
            },
            { unit_price: '0.01', total_price: '0.01' },
          ),
        ],
      }),
      subtotal: '0.00',
      total: '0.01',
      tax_amount: '0.00',
      status: 'completed',
      user_id: 1,
    });
    expect(Object.keys(parsed).sort()).toEqual([
      'billing_address',
      'items',
      'notes',
      'payment_method',
      'promo_code',
    ]);
    expect(Object.keys(parsed.items[0]!).sort()).toEqual([
      'customizations',
      'quantity',
      'template_id',
    ]);
    expect(Object.keys(parsed.items[0]!.customizations).sort()).toEqual([
      'additional_domains_list',
      'extra_domains',
      'extra_installations',
      'primary_domain',
    ]);
  });

  it('reports domain errors per item with the message keys', () => {
    expect(
      errorsOf(
        payload({
          items: [
            item({ primary_domain: '' }),
            item({
              primary_domain: 'not a domain',
              additional_domains_list: ['ok.fr', 'bad_domain', ''],
            }),
          ],
        }),
      ),
    ).toEqual({
      'items.0.customizations.primary_domain': ['checkout.domain_required'],
      'items.1.customizations.primary_domain': ['checkout.domain_invalid'],
      'items.1.customizations.additional_domains_list.1': ['checkout.additional_domain_invalid'],
    });
    expect(
      errorsOf(payload({ items: [{ template_id: 1, quantity: 1, customizations: {} }] })),
    ).toEqual({
      'items.0.customizations.primary_domain': ['checkout.domain_required'],
    });
  });

  it.each([
    ['no items', { items: [] }, 'items', 'checkout.items_required'],
    [
      'items not a list',
      { items: 'abcdefghijklmnopqrstuvwxyz' },
      'items',
      'checkout.items_required',
    ],
    [
      '21 items',
      { items: Array.from({ length: 21 }, () => item()) },
      'items',
      'checkout.too_many_items',
    ],
    [
      'no payment method',
      { payment_method: undefined },
      'payment_method',
      'checkout.payment_method_required',
    ],
    [
      'unknown payment method',
      { payment_method: 'cash' },
      'payment_method',
      'checkout.payment_method_required',
    ],
    ['long notes', { notes: 'x'.repeat(2001) }, 'notes', 'checkout.notes_too_long'],
    [
      'quantity 0',
      { items: [item({}, { quantity: 0 })] },
      'items.0.quantity',
      'checkout.quantity_invalid',
    ],
    [
      'quantity 101',
      { items: [item({}, { quantity: 101 })] },
      'items.0.quantity',
      'checkout.quantity_invalid',
    ],
    [
      'quantity 1.5',
      { items: [item({}, { quantity: 1.5 })] },
      'items.0.quantity',
      'checkout.quantity_invalid',
    ],
    [
      'template id as text',
      { items: [item({}, { template_id: '1' })] },
      'items.0.template_id',
      'checkout.template_invalid',
    ],
    [
      'negative template id',
      { items: [item({}, { template_id: -4 })] },
      'items.0.template_id',
      'checkout.template_invalid',
    ],
    [
      '11 extra domains',
      { items: [item({ extra_domains: 11 })] },
      'items.0.customizations.extra_domains',
      'checkout.extras_range',
    ],
    [
      'negative extra installations',
      { items: [item({ extra_installations: -1 })] },
      'items.0.customizations.extra_installations',
      'checkout.extras_range',
    ],
    [
      'bad billing email',
      { billing_address: { ...validBilling, email: 'x' } },
      'billing_address.email',
      'billing.email.invalid',
    ],
    [
      'unknown country',
      { billing_address: { ...validBilling, country: 'ZZ' } },
      'billing_address.country',
      'country.invalid',
    ],
  ])('refuses %s', (_label, patch, field, key) => {
    expect(errorsOf(payload(patch))).toEqual({ [field]: [key] });
  });

  it('refuses a non-object body without throwing', () => {
    expect(OrderCreateSchema.safeParse(null).success).toBe(false);
    expect(OrderCreateSchema.safeParse('order').success).toBe(false);
  });

  it('marks domain error paths for the overall domains error', () => {
    expect(isDomainErrorPath('items.3.customizations.primary_domain')).toBe(true);
    expect(isDomainErrorPath('items.0.customizations.additional_domains_list.2')).toBe(true);
    expect(isDomainErrorPath('items.0.quantity')).toBe(false);
  });

  it('requires the terms of sale in the checkout form only', () => {
    expect(
      fieldErrorsFromZod(CheckoutFormSchema.safeParse(payload({ terms: false })).error!),
    ).toEqual({
      terms: ['checkout.terms_required'],
    });
    expect(CheckoutFormSchema.safeParse(payload({ terms: true })).success).toBe(true);
    expect('terms' in OrderCreateSchema.parse(payload({ terms: true }))).toBe(false);
  });

  it('outputs only valid extras and quantities', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 120 }),
        fc.integer({ min: -5, max: 15 }),
        (quantity, extras) => {
          const result = OrderCreateSchema.safeParse(
            payload({ items: [item({ extra_domains: extras }, { quantity })] }),
          );
          expect(result.success).toBe(
            quantity >= 1 && quantity <= 100 && extras >= 0 && extras <= 10,
          );
        },
      ),
    );
  });
});

describe('maxAdditionalDomains', () => {
  it('is domain_limit minus one, never negative', () => {
    expect(maxAdditionalDomains(3)).toBe(2);
    expect(maxAdditionalDomains(1)).toBe(0);
    expect(maxAdditionalDomains(0)).toBe(0);
  });
});

describe('lineDomains', () => {
  it('puts the primary first and keeps each domain once, blanks dropped', () => {
    const line = {
      primary_domain: 'atelier.fr',
      additional_domains_list: ['boutique.fr', 'atelier.fr', '', 'boutique.fr', 'blog.fr'],
    };
    expect(lineDomains(line)).toEqual(['atelier.fr', 'boutique.fr', 'blog.fr']);
    expect(additionalDomains(line)).toEqual(['boutique.fr', 'blog.fr']);
  });

  it('has no additional domain when only the primary is given', () => {
    const line = { primary_domain: 'atelier.fr', additional_domains_list: ['atelier.fr'] };
    expect(additionalDomains(line)).toEqual([]);
  });
});
