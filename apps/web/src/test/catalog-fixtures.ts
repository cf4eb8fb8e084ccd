import type { LicenseTemplate } from '@cadran/domain/catalog';

/** A template as the catalogue answer lists it; tests override what they look at. */
export const licenseTemplate = (overrides: Partial<LicenseTemplate> = {}): LicenseTemplate => ({
  id: 1,
  name: 'Pro',
  description: 'Pour les PME qui publient souvent.',
  price: '490.00',
  setup_fee: '0.00',
  renewal_price: '490.00',
  billing_cycle: 'annually',
  domain_limit: 3,
  installation_limit: 3,
  sort_order: 20,
  is_featured: 1,
  update_permissions: 1,
  features: ['Toutes les mises à jour majeures incluses'],
  ...overrides,
});
