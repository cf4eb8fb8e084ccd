import type { CartTemplate } from './cart';
import type { ApiUser } from './auth';
import type { LicenseTemplate } from './catalog';
import type { PromoCode } from './promo-codes';
import { sampleBilling, sampleRegistration } from './sample-buyer';

/** Shared sample data for this package's tests. */
export const apiTemplate = (overrides: Partial<LicenseTemplate> = {}): LicenseTemplate => ({
  id: 1,
  name: 'Cadran Pro',
  description: 'Licence professionnelle',
  price: '49.00',
  setup_fee: '10.50',
  renewal_price: '39.00',
  billing_cycle: 'annually',
  domain_limit: 3,
  installation_limit: 2,
  sort_order: 1,
  is_featured: 1,
  update_permissions: 1,
  features: ['Mises à jour', 'Support'],
  ...overrides,
});

export const cartTemplate = (overrides: Partial<CartTemplate> = {}): CartTemplate => ({
  id: 1,
  name: 'Cadran Pro',
  description: 'Licence professionnelle',
  priceCents: 4900,
  setupFeeCents: 1050,
  domainLimit: 3,
  installationLimit: 2,
  updatePermissions: true,
  ...overrides,
});

/** The sample buyer (sample-buyer.ts), under the names this package's tests know. */
export const validBilling = sampleBilling;

/** The same buyer as the registration form sends it; each test adds an e-mail and a password. */
export const validRegistration = sampleRegistration;

/** The same buyer as the API answers a signed-in account (`/auth/me`, sign-in, sign-up). */
export const apiUser = (overrides: Partial<ApiUser> = {}): ApiUser => ({
  id: '3f6c1d7e-2b8a-4c59-9e0f-7a1b2c3d4e5f',
  email: validBilling.email,
  first_name: validBilling.first_name,
  last_name: validBilling.last_name,
  company: validBilling.company,
  phone: validBilling.phone,
  address_line_1: validBilling.address_line_1,
  city: validBilling.city,
  postal_code: validBilling.postal_code,
  country: validBilling.country,
  role: 'client',
  email_verified: true,
  locale: 'fr',
  ...overrides,
});

/** An active 10 % code without dates, caps or restrictions; tests narrow it through overrides. */
export const promoCode = (overrides: Partial<PromoCode> = {}): PromoCode => ({
  code: 'BIENVENUE',
  active: true,
  discount: { kind: 'percentage', basisPoints: 1000 },
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  templateIds: null,
  billingCycles: null,
  ...overrides,
});
