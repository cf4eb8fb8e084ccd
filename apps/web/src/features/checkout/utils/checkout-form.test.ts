import { describe, expect, it } from 'vitest';
import { validBilling } from '@cadran/domain/test-fixtures';
import { sessionUser } from '@/test/account-fixtures';
import {
  canAddDomain,
  checkoutQuoteRequest,
  errorText,
  fieldDomId,
  hasDomainErrors,
  initialValues,
  setLineDomains,
  toOrderPayload,
  vatNumberForQuote,
  vatNumberRefusal,
  validateCheckout,
  type CheckoutLine,
  type CheckoutValues,
} from './checkout-form';
import { checkoutLine } from './checkout-fixtures';

const user = sessionUser({ city: 'Genève', postal_code: '1204', country: 'CH' });

const line = (overrides: Partial<CheckoutLine> = {}): CheckoutLine =>
  checkoutLine({
    quantity: 2,
    customizations: { extra_domains: 1, extra_installations: 0 },
    ...overrides,
  });

const filled = (values: CheckoutValues, lineId = 'line-pro'): CheckoutValues =>
  setLineDomains({ ...values, terms: true }, lineId, () => ({
    primary: 'atelier-martin.ch',
    additional: [],
  }));

describe('checkout form model', () => {
  it('fills the billing block from the account, card by default, terms unticked', () => {
    const values = initialValues(user);
    expect(values.billing).toEqual({
      ...validBilling,
      city: 'Genève',
      postal_code: '1204',
      country: 'CH',
    });
    expect(values.payment_method).toBe('stripe');
    expect(values.terms).toBe(false);
    expect(values.newsletter).toBe(false);
    expect(initialValues(null).billing.country).toBe('FR');
  });

  it('builds the order payload in cart order, with the extras of the cart', () => {
    const lines = [
      line(),
      line({
        id: 'line-agence',
        templateId: 7,
        quantity: 1,
        customizations: { extra_domains: 0, extra_installations: 3 },
      }),
    ];
    let values = filled(initialValues(user));
    values = setLineDomains(values, 'line-agence', () => ({
      primary: 'agence.fr',
      additional: ['', 'client-a.fr'],
    }));
    const payload = toOrderPayload(lines, {
      ...values,
      payment_method: 'bank_transfer',
      notes: 'PO 42',
    });
    expect(payload.items).toEqual([
      {
        template_id: 2,
        quantity: 2,
        customizations: {
          primary_domain: 'atelier-martin.ch',
          additional_domains_list: [],
          extra_domains: 1,
          extra_installations: 0,
        },
      },
      {
        template_id: 7,
        quantity: 1,
        customizations: {
          primary_domain: 'agence.fr',
          additional_domains_list: ['', 'client-a.fr'],
          extra_domains: 0,
          extra_installations: 3,
        },
      },
    ]);
    expect(payload).toMatchObject({ payment_method: 'bank_transfer', notes: 'PO 42' });
    expect(payload).not.toHaveProperty('terms');
    expect(JSON.stringify(payload)).not.toMatch(/price|total|subtotal/);
  });

  it('accepts a complete form and keeps the raw inputs for the server', () => {
    const values = setLineDomains(filled(initialValues(user)), 'line-pro', () => ({
      primary: 'https://www.Atelier-Martin.ch/',
      additional: ['', 'boutique.atelier-martin.ch'],
    }));
    const result = validateCheckout([line()], values);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.body.items[0]?.customizations.additional_domains_list).toEqual([
        '',
        'boutique.atelier-martin.ch',
      ]);
    }
  });

  it('reports the documented messages at the API field paths', () => {
    const values = setLineDomains(initialValues(user), 'line-pro', () => ({
      primary: '',
      additional: ['ok.fr', 'pas valide'],
    }));
    const result = validateCheckout([line()], {
      ...values,
      billing: { ...values.billing, email: 'camille@', city: '' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      'items.0.customizations.primary_domain': ['checkout.domain_required'],
      'items.0.customizations.additional_domains_list.1': ['checkout.additional_domain_invalid'],
      'billing_address.email': ['billing.email.invalid'],
      'billing_address.city': ['billing.city.required'],
      terms: ['checkout.terms_required'],
    });
    expect(hasDomainErrors(result.errors)).toBe(true);
    expect(errorText(result.errors, 'items.0.customizations.primary_domain', 'fr')).toBe(
      'Le domaine principal est requis',
    );
    expect(errorText(result.errors, 'billing_address.email', 'en')).toBe('Email is not valid');
    expect(errorText({ x: ['Déjà traduit'] }, 'x', 'fr')).toBe('Déjà traduit');
    expect(errorText(result.errors, 'notes', 'fr')).toBeUndefined();
  });

  it('says "domain invalid" for a malformed primary domain, and nothing about domains otherwise', () => {
    const bad = setLineDomains(filled(initialValues(user)), 'line-pro', () => ({
      primary: 'localhost',
      additional: [],
    }));
    const result = validateCheckout([line()], bad);
    expect(!result.ok && result.errors).toEqual({
      'items.0.customizations.primary_domain': ['checkout.domain_invalid'],
    });
    expect(hasDomainErrors({ 'billing_address.city': ['x'] })).toBe(false);
  });

  it('offers additional domain inputs up to domain_limit - 1', () => {
    expect(canAddDomain(line({ domainLimit: 1 }), { primary: '', additional: [] })).toBe(false);
    expect(canAddDomain(line({ domainLimit: 3 }), { primary: '', additional: ['a.fr'] })).toBe(
      true,
    );
    expect(canAddDomain(line({ domainLimit: 3 }), { primary: '', additional: ['a.fr', ''] })).toBe(
      false,
    );
  });

  it('asks the quote for the lines with their extras, the country, the number and the code', () => {
    expect(checkoutQuoteRequest([line()], 'DE', 'DE136695976', 'NOEL')).toEqual({
      items: [
        {
          template_id: line().templateId,
          quantity: 2,
          customizations: { extra_domains: 1, extra_installations: 0 },
        },
      ],
      country: 'DE',
      vat_number: 'DE136695976',
      promo_code: 'NOEL',
    });
    expect(checkoutQuoteRequest([], 'FR', '', '')).toBeNull();
  });

  it('prices a VAT number once it is a whole number of the billing country', () => {
    expect(vatNumberForQuote('de 136 695 976', 'DE')).toBe('DE136695976');
    expect(vatNumberForQuote('DE13669', 'DE')).toBe('');
    expect(vatNumberForQuote('DE136695976', 'FR')).toBe('');
    expect(vatNumberForQuote('', 'DE')).toBe('');
    expect(vatNumberRefusal('DE13669', 'DE')).toBe('vat_number.invalid_format');
    expect(vatNumberRefusal('DE136695977', 'DE')).toBe('vat_number.invalid_checksum');
    expect(vatNumberRefusal('DE136695976', 'FR')).toBe('vat_number.country_mismatch');
    expect(vatNumberRefusal('GB123456789', 'DE')).toBe('vat_number.not_eu');
    expect(vatNumberRefusal('  ', 'DE')).toBeNull();
  });

  it('sends the promo code kept with the cart in the order payload', () => {
    const values = initialValues(null);
    expect(toOrderPayload([line()], values, 'NOEL').promo_code).toBe('NOEL');
    expect(toOrderPayload([line()], values)).not.toHaveProperty('promo_code');
  });

  it('turns a field path into a DOM id', () => {
    expect(fieldDomId('items.0.customizations.primary_domain')).toBe(
      'checkout-items-0-customizations-primary_domain',
    );
  });
});
