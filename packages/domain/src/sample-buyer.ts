/**
 * The sample buyer and order line shared by the demo data, the benchmarks and the tests: one
 * address written once, so a new billing field reaches all of them from here.
 */

export const sampleBilling = {
  first_name: 'Camille',
  last_name: 'Martin',
  company: 'Atelier Martin',
  email: 'camille@exemple.fr',
  phone: '+33 6 12 34 56 78',
  address_line_1: '12 rue de la Paix',
  address_line_2: '',
  city: 'Paris',
  postal_code: '75002',
  country: 'FR' as const,
  vat_number: '',
  siren: '',
};

/** The same buyer as the registration form sends it, without an e-mail and a password. */
export const sampleRegistration = {
  firstname: sampleBilling.first_name,
  lastname: sampleBilling.last_name,
  company: sampleBilling.company,
  phone: sampleBilling.phone,
  address: sampleBilling.address_line_1,
  postal_code: sampleBilling.postal_code,
  city: sampleBilling.city,
  country: sampleBilling.country,
};

/** One licence of a template for the buyer's own domain, with no extra option. */
export const sampleOrderItem = (templateId: number) => ({
  template_id: templateId,
  quantity: 1,
  customizations: {
    primary_domain: 'atelier-martin.fr',
    additional_domains_list: [] as string[],
    extra_domains: 0,
    extra_installations: 0,
  },
});
