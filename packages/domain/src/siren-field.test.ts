import { describe, expect, it } from 'vitest';
import { BillingAddressSchema } from './billing-address';
import { sirenProblem } from './siren-field';
import { validBilling } from './test-fixtures';
import { fieldErrorsFromZod } from './validation';

describe('the buyer’s SIREN', () => {
  it('is optional and kept as 9 digits when typed with spaces', () => {
    expect(BillingAddressSchema.parse(validBilling).siren).toBe('');
    expect(BillingAddressSchema.parse({ ...validBilling, siren: ' 732 829 320 ' }).siren).toBe(
      '732829320',
    );
  });

  it('refuses a wrong check digit, a company outside France and a VAT number of another SIREN', () => {
    expect(sirenProblem('732829321', 'FR', '')).toBe('billing.siren.invalid');
    expect(sirenProblem('73282932', 'FR', '')).toBe('billing.siren.invalid');
    expect(sirenProblem('abcdefghi', 'FR', '')).toBe('billing.siren.invalid');
    expect(sirenProblem('732829320', 'DE', '')).toBe('billing.siren.french_only');
    expect(sirenProblem('732829320', 'FR', 'FR65912345675')).toBe('billing.siren.vat_mismatch');
    expect(sirenProblem('732829320', 'FR', 'FR44732829320')).toBeNull();
    expect(sirenProblem('732829320', 'RE', '')).toBeNull();
  });

  it('reports its problem on the field, beside any other', () => {
    const result = BillingAddressSchema.safeParse({
      ...validBilling,
      siren: '732829321',
      city: '',
    });
    expect(fieldErrorsFromZod(result.error!)).toMatchObject({
      siren: ['billing.siren.invalid'],
      city: ['billing.city.required'],
    });
  });
});
