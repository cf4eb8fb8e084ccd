import { toCartTemplate, type CartTemplateInput } from '@cadran/domain/cart';
import type { LicenseTemplate } from '@cadran/domain/catalog';
import { licenseTemplate } from '@/test/catalog-fixtures';
import { withTotals, type CartItem } from './cart-store';

/** Sample data for tests that put lines in the cart (this feature's and the header's). */

export const templateInput = (overrides: Partial<CartTemplateInput> = {}): CartTemplateInput => ({
  id: 1,
  name: 'Pro',
  description: 'Pour les PME qui publient souvent.',
  price: '49.00',
  setup_fee: '0.00',
  billing_cycle: 'monthly',
  domain_limit: 3,
  installation_limit: 3,
  update_permissions: 1,
  ...overrides,
});

/** The catalogue's entry for `templateInput` with the same overrides: still on sale, same price. */
export const catalogEntry = (overrides: Partial<LicenseTemplate> = {}): LicenseTemplate =>
  licenseTemplate({
    price: '49.00',
    renewal_price: '49.00',
    billing_cycle: 'monthly',
    sort_order: 1,
    is_featured: 0,
    features: [],
    ...overrides,
  });

/** One line with its subtotal, as the store holds it. */
export function cartItem(
  overrides: { id?: string; quantity?: number; template?: Partial<CartTemplateInput> } = {},
): CartItem {
  const input = templateInput(overrides.template);
  const [item] = withTotals([
    {
      id: overrides.id ?? `line-${input.id}`,
      template: toCartTemplate(input).template,
      quantity: overrides.quantity ?? 1,
      customizations: { extra_domains: 0, extra_installations: 0 },
    },
  ]).items;
  return item!;
}
