import type { InvoiceDelivery, InvoiceInput, SellerIdentity } from './invoice';
import { EXPORT_MENTION, REVERSE_CHARGE_MENTION } from './tax-treatment';

/** Invoice inputs for tests of the domain, the server and the PDF (not used at run time). */

export const FIXTURE_SELLER: SellerIdentity = {
  name: 'Cadran SAS',
  legalForm: 'SAS',
  shareCapitalCents: 1_000_000,
  addressLines: ['12 rue des Horlogers'],
  postalCode: '25000',
  city: 'Besançon',
  country: 'FR',
  siren: '912345675',
  rcsCity: 'Besançon',
  vatNumber: 'FR65912345675',
  email: 'facturation@cadran.fr',
};

/** The number, date and seller of a fixture invoice. */
export const FIXTURE_ISSUE = {
  number: 'FA-2026-00001',
  issuedAt: new Date('2026-03-15T10:00:01Z'),
  seller: FIXTURE_SELLER,
};

/** A French business paying French VAT, with extras on the first line. */
export const domesticBusinessInput = (): InvoiceInput => ({
  orderNumber: 'CMD-2026-000123',
  language: 'fr',
  currency: 'EUR',
  lines: [
    {
      name: 'Cadran Pro',
      billingCycle: 'annually',
      quantity: 2,
      unitPriceCents: 19_900 + 1000 * 2 + 500,
      extraDomains: 2,
      extraInstallations: 1,
      domains: ['horlogerie-exemple.fr', 'boutique.horlogerie-exemple.fr'],
    },
    {
      name: 'Cadran Studio',
      billingCycle: 'one_time',
      quantity: 1,
      unitPriceCents: 49_000,
      extraDomains: 0,
      extraInstallations: 0,
      domains: [],
    },
  ],
  discountCents: 0,
  tax: { kind: 'domestic', rateBasisPoints: 2000, reverseCharge: false },
  buyer: {
    name: 'Élodie Fèvre',
    company: 'Atelier Fèvre SARL',
    addressLines: ['3 place de l’Église'],
    postalCode: '69002',
    city: 'Lyon',
    country: 'FR',
    vatNumber: '',
    email: 'elodie@example.com',
    siren: '732829320',
  },
  paidAt: new Date('2026-03-15T10:00:00Z'),
  paymentMethod: 'stripe',
});

/** A German business with a confirmed VAT number: reverse charge, a discount, in English. */
export const reverseChargeInput = (): InvoiceInput => ({
  ...domesticBusinessInput(),
  language: 'en',
  discountCents: 5_000,
  discountLabel: 'WELCOME10',
  tax: {
    kind: 'reverse_charge',
    rateBasisPoints: 0,
    reverseCharge: true,
    mention: REVERSE_CHARGE_MENTION,
  },
  buyer: {
    name: 'Jürgen Weiß',
    company: 'Uhrwerk GmbH',
    addressLines: ['Königstraße 1'],
    postalCode: '70173',
    city: 'Stuttgart',
    country: 'DE',
    vatNumber: 'DE123456789',
    email: 'juergen@example.com',
    siren: '',
  },
  paymentMethod: 'paypal',
});

/** A private buyer in France: no company, no VAT number. */
export const consumerInput = (): InvoiceInput => ({
  ...domesticBusinessInput(),
  buyer: { ...domesticBusinessInput().buyer, company: '', vatNumber: '', siren: '' },
});

/** A private buyer in Germany: German VAT (19 %), declared through the One-Stop Shop. */
export const euConsumerInput = (): InvoiceInput => ({
  ...reverseChargeInput(),
  language: 'en',
  discountCents: 0,
  discountLabel: undefined,
  tax: { kind: 'eu_consumer', rateBasisPoints: 1900, reverseCharge: false },
  buyer: { ...reverseChargeInput().buyer, company: '', vatNumber: '' },
  paymentMethod: 'stripe',
});

/** A business in Switzerland: no VAT charged, outside the EU. */
export const exportInput = (): InvoiceInput => ({
  ...domesticBusinessInput(),
  language: 'en',
  tax: { kind: 'export', rateBasisPoints: 0, reverseCharge: false, mention: EXPORT_MENTION },
  buyer: {
    name: 'Anna Keller',
    company: 'Uhren Keller AG',
    addressLines: ['Bahnhofstrasse 10'],
    postalCode: '8001',
    city: 'Zürich',
    country: 'CH',
    vatNumber: '',
    email: 'anna@example.com',
    siren: '',
  },
  paymentMethod: 'bank_transfer',
});

/** A renewal: one annual line whose period starts at the old expiry, not at the payment. */
export const renewalInput = (): InvoiceInput => {
  const base = domesticBusinessInput();
  const [first] = base.lines;
  if (!first) throw new Error('the domestic fixture has lines');
  return {
    ...base,
    orderNumber: 'CMD-2027-000007',
    lines: [{ ...first, periodStart: new Date('2027-03-15T10:00:00Z') }],
    paidAt: new Date('2027-03-01T08:30:00Z'),
  };
};

/**
 * A German business whose VAT number was only format-checked at the sale: German VAT charged
 * as to a consumer, with a promo discount, until VIES confirms the number (decision 051).
 */
export const unconfirmedBusinessInput = (): InvoiceInput => ({
  ...reverseChargeInput(),
  tax: { kind: 'eu_consumer', rateBasisPoints: 1900, reverseCharge: false },
});

/** A delivery address other than the French business's billing one: its warehouse. */
export const warehouseDelivery = (): InvoiceDelivery => ({
  name: 'Marc Roy',
  company: 'Atelier Fèvre SARL',
  addressLines: ['8 rue du Dépôt', 'Bâtiment B'],
  postalCode: '39100',
  city: 'Dole',
  country: 'FR',
});
