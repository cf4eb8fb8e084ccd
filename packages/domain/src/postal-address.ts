/**
 * How a postal address's locality reads in its country (docs/product.md 'Invoices' ('The PDF'),
 * docs/decisions/056-postal-addresses-and-buyer-mails.md): "75001 Paris" and "10115 Berlin" put the postcode first, as most of Europe does;
 * "London SW1A 1AA" and "Springfield, IL 62701" put it after the town (the state, when a buyer
 * gives one, is typed with the town: the form has no field of its own for it). One formatter for
 * the invoice, the e-mails and the screens, so an address reads the same everywhere.
 */

/** Countries whose postcode follows the town (the Universal Postal Union's country sheets). */
const POSTCODE_AFTER_TOWN: ReadonlySet<string> = new Set([
  'AU', // Sydney NSW 2000
  'BR', // São Paulo - SP 01310-100
  'CA', // Toronto ON M5V 3L9
  'CN',
  'EG',
  'FK',
  'GB', // London SW1A 1AA
  'GG',
  'GI',
  'ID',
  'IE', // Dublin D02 X285
  'IM',
  'IN', // Mumbai 400001
  'JE',
  'KR',
  'LV', // Rīga LV-1050
  'NZ', // Auckland 1010
  'PK',
  'RU',
  'SA',
  'SG', // Singapore 018956
  'TH',
  'TW',
  'UA',
  'US', // Springfield, IL 62701
  'ZA', // Johannesburg 2001
]);

export interface PostalAddress {
  /** Street lines as typed; empty ones are left out. */
  lines: readonly string[];
  postalCode: string;
  city: string;
  country: string;
}

/** The town and its postcode on one line, in the country's order. */
export function localityLine(country: string, postalCode: string, city: string): string {
  const code = postalCode.trim();
  const town = city.trim();
  const parts = POSTCODE_AFTER_TOWN.has(country.toUpperCase()) ? [town, code] : [code, town];
  return parts.filter((part) => part !== '').join(' ');
}

/** The address's lines without the country, whose name the reader's language decides. */
export function postalAddressLines(address: PostalAddress): string[] {
  return [
    ...address.lines.map((line) => line.trim()),
    localityLine(address.country, address.postalCode, address.city),
  ].filter((line) => line !== '');
}
