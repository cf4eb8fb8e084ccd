import { z } from 'zod';
import { CountryCodeSchema } from './wire-schemas';
import { optionalText, requiredText } from './fields';
import type { InvoiceDelivery } from './invoice';

/**
 * The delivery address "when it differs" from the billing address, a mention of the e-invoicing
 * reform (docs/product.md 'Checkout' ('The form'), docs/decisions/055-delivery-address-and-vat-alone.md).
 * Optional on the order; given, it is checked as the billing address is (the same fields, the
 * same messages), without what only a buyer has (e-mail, phone, VAT number, SIREN).
 */
export const DeliveryAddressSchema = z.object(
  {
    first_name: requiredText('billing.first_name.required', 100),
    last_name: requiredText('billing.last_name.required', 100),
    company: optionalText(120),
    address_line_1: requiredText('billing.address.required', 255),
    address_line_2: optionalText(255),
    city: requiredText('billing.city.required', 100),
    postal_code: requiredText('billing.postal_code.required', 20),
    country: CountryCodeSchema,
  },
  { error: 'validation.required' },
);
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;
export type DeliveryAddressInput = z.input<typeof DeliveryAddressSchema>;

/** As stored with the order and answered: plain strings, checked on the way in. */
export const StoredDeliveryAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: CountryCodeSchema,
});
export type StoredDeliveryAddress = z.infer<typeof StoredDeliveryAddressSchema>;

/** The fields both addresses share, which decide whether the delivery goes elsewhere. */
type PlaceFields = Pick<
  StoredDeliveryAddress,
  | 'first_name'
  | 'last_name'
  | 'company'
  | 'address_line_1'
  | 'address_line_2'
  | 'city'
  | 'postal_code'
  | 'country'
>;

/** Case, accents' composition and spacing do not make another place. */
const comparable = (text: string): string =>
  text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr-FR');

/**
 * Whether the delivery address differs from the billing one: only then is it stored as such and
 * printed on the invoice. The same address typed again, differently spaced or cased, does not.
 */
export function deliveryDiffers(
  billing: PlaceFields,
  delivery: PlaceFields | null | undefined,
): boolean {
  if (!delivery) return false;
  const fields: (keyof PlaceFields)[] = [
    'first_name',
    'last_name',
    'company',
    'address_line_1',
    'address_line_2',
    'city',
    'postal_code',
    'country',
  ];
  return fields.some((field) => comparable(billing[field]) !== comparable(delivery[field]));
}

/** The delivery an invoice prints and sends: the order's, only when it differs from the billing. */
export function invoiceDeliveryOf(
  billing: PlaceFields,
  delivery: StoredDeliveryAddress | null | undefined,
): InvoiceDelivery | undefined {
  if (!delivery || !deliveryDiffers(billing, delivery)) return undefined;
  return {
    name: `${delivery.first_name} ${delivery.last_name}`.trim(),
    company: delivery.company,
    addressLines: [delivery.address_line_1, delivery.address_line_2].filter((line) => line !== ''),
    postalCode: delivery.postal_code,
    city: delivery.city,
    country: delivery.country,
  };
}
