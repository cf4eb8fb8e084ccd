import { z } from 'zod';
import type { SessionUser } from './auth';
import { emailField, optionalText, requiredText } from './fields';
import { CountryCodeSchema } from './wire-schemas';
import { sirenField, withCheckedSiren } from './siren-field';
import { vatNumberField, withCheckedVatNumber } from './vat-number-field';

/**
 * The order's billing_address (docs/product.md 'Checkout' ('The form')) and its checks: names,
 * address, city, postal code and country (any ISO 3166-1 code) required; email required and
 * well formed. address_line_2 and vat_number may be empty. A VAT number must be a valid EU number
 * (format and check digits) of the billing country's register, the quote's rule
 * (docs/decisions/013-tax-treatment-and-promo-rules.md); it is stored normalised ("EL094259216").
 * siren may be empty; given, it must be a French company's, Luhn-checked (siren-field.ts).
 */
export const BillingAddressSchema = withCheckedVatNumber(
  withCheckedSiren(
    z.object(
      {
        first_name: requiredText('billing.first_name.required', 100),
        last_name: requiredText('billing.last_name.required', 100),
        company: optionalText(120),
        email: emailField({ required: 'billing.email.required', invalid: 'billing.email.invalid' }),
        phone: optionalText(30),
        address_line_1: requiredText('billing.address.required', 255),
        address_line_2: optionalText(255),
        city: requiredText('billing.city.required', 100),
        postal_code: requiredText('billing.postal_code.required', 20),
        country: CountryCodeSchema,
        vat_number: vatNumberField(),
        siren: sirenField(),
      },
      { error: 'validation.required' },
    ),
  ),
);
export type BillingAddress = z.infer<typeof BillingAddressSchema>;
export type BillingAddressInput = z.input<typeof BillingAddressSchema>;

/**
 * The same object as the server answers it inside an order: plain strings, no normalising
 * transforms (they were applied on the way in), so it can describe a response.
 */
export const StoredBillingAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: CountryCodeSchema,
  vat_number: z.string(),
  /** Absent from orders placed before the field existed. */
  siren: z.string().default(''),
});
export type StoredBillingAddress = z.infer<typeof StoredBillingAddressSchema>;

/** The billing block is auto-filled from the account (docs/product.md 'Checkout' ('The form')). */
export const billingAddressFromUser = (user: SessionUser): StoredBillingAddress => ({
  first_name: user.firstName,
  last_name: user.lastName,
  company: user.company,
  email: user.email,
  phone: user.phone,
  address_line_1: user.address,
  address_line_2: '',
  city: user.city,
  postal_code: user.postal_code,
  country: user.country,
  vat_number: '',
  // The profile's SIREN for a company's next orders, checked at checkout like a typed one.
  siren: user.siren ?? '',
});
