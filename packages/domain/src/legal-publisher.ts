import type { SellerIdentity } from './invoice';

/**
 * The company the site's legal pages name as publisher and seller (legal notice, terms of
 * sale, privacy policy): the seller the invoices print, from the same server settings, so the
 * two never disagree. Only its public legal identity: no bank account, no e-mail address.
 */
export type LegalPublisher = Pick<
  SellerIdentity,
  | 'name'
  | 'legalForm'
  | 'shareCapitalCents'
  | 'addressLines'
  | 'postalCode'
  | 'city'
  | 'country'
  | 'siren'
  | 'rcsCity'
  | 'vatNumber'
>;

/**
 * The fictitious company of development and demo installs: what the server's seller settings
 * fall back to outside production, and what a page drawn without a server shows.
 */
export const DEMO_PUBLISHER: LegalPublisher = {
  name: 'Cadran SAS',
  legalForm: 'SAS',
  shareCapitalCents: 5_000_000,
  addressLines: ['18 rue de la République'],
  postalCode: '69002',
  city: 'Lyon',
  country: 'FR',
  siren: '912480324',
  rcsCity: 'Lyon',
  // Written out rather than computed, so the pages' code needs no VAT arithmetic (a test checks it).
  vatNumber: 'FR07912480324',
};

/** The legal identity out of a seller, field by field: nothing else travels to the pages. */
export const legalPublisherOf = (seller: LegalPublisher): LegalPublisher => ({
  name: seller.name,
  legalForm: seller.legalForm,
  shareCapitalCents: seller.shareCapitalCents,
  addressLines: [...seller.addressLines],
  postalCode: seller.postalCode,
  city: seller.city,
  country: seller.country,
  siren: seller.siren,
  rcsCity: seller.rcsCity,
  vatNumber: seller.vatNumber,
});

/** "18 rue de la République, 69002 Lyon, France": the registered office on one line. */
export const publisherAddress = (publisher: LegalPublisher): string =>
  [...publisher.addressLines, `${publisher.postalCode} ${publisher.city}`, 'France'].join(', ');
