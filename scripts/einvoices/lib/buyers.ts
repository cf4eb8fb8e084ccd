/**
 * The buyers of the e-invoice cases (run.ts): their billing addresses, the delivery address
 * that differs, and the VAT numbers the local VIES stand-in confirms or cannot check.
 */

/** The VAT numbers the VIES stand-in confirms, and those whose register is down at the sale. */
export const VIES_CONFIRMS = ['DE136695976'];
export const VIES_DOWN = ['BE0403170701', 'IT00743110157'];

export interface Billing {
  company?: string;
  address: string;
  city: string;
  postal: string;
  country: string;
  vat?: string;
  siren?: string;
}

export const billing = (b: Billing, email: string) => ({
  first_name: 'Camille',
  last_name: 'Durand',
  company: b.company ?? '',
  email,
  phone: '+33 6 12 34 56 78',
  address_line_1: b.address,
  address_line_2: '',
  city: b.city,
  postal_code: b.postal,
  country: b.country,
  vat_number: b.vat ?? '',
  siren: b.siren ?? '',
});

export const FR_CONSUMER: Billing = {
  address: '3 place Bellecour',
  city: 'Lyon',
  postal: '69002',
  country: 'FR',
};
export const FR_BUSINESS: Billing = {
  company: 'Atelier Fèvre SARL',
  address: '12 rue des Horlogers',
  city: 'Besançon',
  postal: '25000',
  country: 'FR',
  siren: '732 829 320',
};
export const DE_CONSUMER: Billing = {
  address: 'Torstraße 5',
  city: 'Berlin',
  postal: '10119',
  country: 'DE',
};
export const DE_BUSINESS: Billing = {
  ...DE_CONSUMER,
  company: 'Atelier Martin GmbH',
  vat: 'DE136695976',
};
export const BE_BUSINESS: Billing = {
  company: 'Horlogerie Dumont SPRL',
  address: 'Rue Neuve 12',
  city: 'Bruxelles',
  postal: '1000',
  country: 'BE',
  vat: 'BE0403170701',
};
export const IT_BUSINESS: Billing = {
  company: 'Orologeria Rossi Srl',
  address: 'Via Roma 1',
  city: 'Milano',
  postal: '20121',
  country: 'IT',
  vat: 'IT00743110157',
};
export const CH_BUSINESS: Billing = {
  company: 'Uhrenatelier Keller AG',
  address: 'Bahnhofstrasse 10',
  city: 'Zürich',
  postal: '8001',
  country: 'CH',
};

/** Where the French business has its licences delivered: its warehouse. */
export const WAREHOUSE = {
  first_name: 'Marc',
  last_name: 'Roy',
  company: 'Atelier Fèvre SARL',
  address_line_1: '8 rue du Dépôt',
  address_line_2: 'Bâtiment B',
  city: 'Dole',
  postal_code: '39100',
  country: 'FR',
};
