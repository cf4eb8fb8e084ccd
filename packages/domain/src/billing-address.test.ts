import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from './validation';
import {
  BillingAddressSchema,
  StoredBillingAddressSchema,
  billingAddressFromUser,
} from './billing-address';
import { toSessionUser } from './auth';
import { apiUser, validBilling } from './test-fixtures';

describe('BillingAddressSchema', () => {
  it('accepts a full address', () => {
    expect(BillingAddressSchema.parse(validBilling)).toEqual(validBilling);
  });

  it('lets optional fields be absent', () => {
    const parsed = BillingAddressSchema.parse({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.fr',
      address_line_1: '1 rue',
      city: 'Lyon',
      postal_code: '69001',
      country: 'FR',
    });
    expect(parsed).toMatchObject({ company: '', phone: '', address_line_2: '', vat_number: '' });
  });

  it('requires names, email, address, city, postal code and country', () => {
    expect(fieldErrorsFromZod(BillingAddressSchema.safeParse({}).error!)).toEqual({
      first_name: ['billing.first_name.required'],
      last_name: ['billing.last_name.required'],
      email: ['billing.email.required'],
      address_line_1: ['billing.address.required'],
      city: ['billing.city.required'],
      postal_code: ['billing.postal_code.required'],
      country: ['country.required'],
    });
  });

  it("says the email is not valid ('L’email n’est pas valide')", () => {
    expect(
      fieldErrorsFromZod(BillingAddressSchema.safeParse({ ...validBilling, email: 'x@y' }).error!),
    ).toEqual({
      email: ['billing.email.invalid'],
    });
  });

  it('normalises and checks the VAT number', () => {
    expect(
      BillingAddressSchema.parse({ ...validBilling, vat_number: ' fr 40 303.265-045 ' }).vat_number,
    ).toBe('FR40303265045');
    // Without prefix, the billing country's register.
    expect(
      BillingAddressSchema.parse({ ...validBilling, vat_number: '40303265045' }).vat_number,
    ).toBe('FR40303265045');
    expect(
      fieldErrorsFromZod(
        BillingAddressSchema.safeParse({ ...validBilling, vat_number: '123' }).error!,
      ),
    ).toEqual({
      vat_number: ['vat_number.invalid_format'],
    });
    // A wrong check digit, and a valid number of another member state than the billing one.
    expect(
      fieldErrorsFromZod(
        BillingAddressSchema.safeParse({ ...validBilling, vat_number: 'FR41303265045' }).error!,
      ),
    ).toEqual({ vat_number: ['vat_number.invalid_checksum'] });
    expect(
      fieldErrorsFromZod(
        BillingAddressSchema.safeParse({ ...validBilling, vat_number: 'BE0403019261' }).error!,
      ),
    ).toEqual({ vat_number: ['vat_number.country_mismatch'] });
  });

  it('takes any ISO country', () => {
    for (const country of ['JP', 'SN', 'RE', 'MC']) {
      expect(BillingAddressSchema.parse({ ...validBilling, country }).country).toBe(country);
    }
    expect(
      fieldErrorsFromZod(BillingAddressSchema.safeParse({ ...validBilling, country: 'XK' }).error!),
    ).toEqual({ country: ['country.invalid'] });
  });

  it('is filled from the account', () => {
    const user = toSessionUser(apiUser({ id: '5d0f3e2a-8c41-4b7a-9e26-1a3b4c5d6e7f' }));
    const address = billingAddressFromUser(user);
    expect(address).toEqual(validBilling);
    expect(StoredBillingAddressSchema.parse(address)).toEqual(address);
  });
});
