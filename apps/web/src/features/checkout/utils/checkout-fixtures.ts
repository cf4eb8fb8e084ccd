import type { CheckoutLine } from './checkout-form';

/** One cart line as the checkout receives it, for this feature's tests. */
export const checkoutLine = (overrides: Partial<CheckoutLine> = {}): CheckoutLine => ({
  id: 'line-pro',
  templateId: 2,
  name: 'Pro',
  domainLimit: 3,
  installationLimit: 3,
  updatesIncluded: true,
  quantity: 1,
  priceCents: 49_000,
  setupFeeCents: 0,
  customizations: { extra_domains: 0, extra_installations: 0 },
  ...overrides,
});
