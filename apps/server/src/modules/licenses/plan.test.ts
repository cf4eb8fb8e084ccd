import { describe, expect, it } from 'vitest';
import type { OrderItemRow } from '../orders/repository';
import { planLicenses } from './plan';

const snapshot = (billingCycle: string, overrides: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'Pro',
  name_en: 'Pro',
  description: '',
  description_en: '',
  billing_cycle: billingCycle,
  domain_limit: 3,
  installation_limit: 3,
  update_permissions: true,
  price_cents: 49_000,
  setup_fee_cents: 0,
  ...overrides,
});

const line = (
  id: string,
  quantity: number,
  cycle: string,
  custom: Record<string, unknown> = {},
  snap = {},
) =>
  ({
    id,
    orderId: 'order-1',
    templateId: 7,
    templateSnapshot: snapshot(cycle, snap),
    position: 0,
    quantity,
    unitPriceCents: 49_000,
    totalPriceCents: 49_000 * quantity,
    discountCents: 0,
    customizations: {
      primary_domain: 'atelier-martin.fr',
      additional_domains_list: [],
      extra_domains: 0,
      extra_installations: 0,
      ...custom,
    },
  }) as OrderItemRow;

const order = { id: 'order-1', userId: 'user-1' };
let counter = 0;
const keys = () => `KEY-${(counter += 1)}`;

describe('licences of a paid order', () => {
  it('issues one licence per unit, the line’s domains to the first, the extras added to the limits', () => {
    const paidAt = new Date('2026-01-31T10:00:00Z');
    const planned = planLicenses(
      order,
      [
        line('a', 2, 'annually', {
          additional_domains_list: ['boutique.atelier-martin.fr', 'atelier-martin.fr'],
          extra_domains: 2,
          extra_installations: 5,
        }),
        line(
          'b',
          1,
          'monthly',
          {},
          { update_permissions: false, domain_limit: 1, installation_limit: 1 },
        ),
      ],
      paidAt,
      keys,
    );
    expect(planned).toHaveLength(3);
    expect(planned.slice(0, 2).every((l) => l.orderItemId === 'a')).toBe(true);
    // The checkout's domains belong to the line's first licence; the second gets its own.
    expect(planned[1]?.domains).toEqual([]);
    expect(planned[0]).toMatchObject({
      orderId: 'order-1',
      userId: 'user-1',
      templateId: 7,
      domains: ['atelier-martin.fr', 'boutique.atelier-martin.fr'],
      domainLimit: 5,
      installationLimit: 8,
      updatePermissions: true,
      startsAt: paidAt,
      expiresAt: new Date('2027-01-31T10:00:00Z'),
    });
    // A monthly licence bought on 31 January ends on the last day of February.
    expect(planned[2]).toMatchObject({
      domainLimit: 1,
      installationLimit: 1,
      updatePermissions: false,
      expiresAt: new Date('2026-02-28T10:00:00Z'),
    });
    expect(new Set(planned.map((l) => l.licenseKey)).size).toBe(3);
  });

  it('never expires a one-time licence, and refuses a broken snapshot rather than guess', () => {
    const [perpetual] = planLicenses(order, [line('c', 1, 'one_time')], new Date(), keys);
    expect(perpetual?.expiresAt).toBeNull();
    const broken = {
      ...line('d', 1, 'annually'),
      templateSnapshot: { name: 'Pro' },
    } as OrderItemRow;
    expect(() => planLicenses(order, [broken], new Date(), keys)).toThrow();
  });
});
