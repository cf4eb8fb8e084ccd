import type { RenewingLicence } from '@/lib/renewals/schemas';

/** A monthly licence of the client area that renews itself with a saved card. */
export const renewingLicence = (overrides: Partial<RenewingLicence> = {}): RenewingLicence => ({
  id: 'lic-1',
  order_id: '7b0c7a4e-3c1f-4d8a-9a57-2d7a1e6f0b11',
  key: 'CDRN-AAAA-BBBB-CCCC-DDDD',
  template: { id: 2, name: 'Professionnel', billing_cycle: 'monthly' },
  status: 'active',
  domains: ['exemple.fr'],
  domain_limit: 1,
  installation_limit: 1,
  active_instances: 0,
  starts_at: '2026-11-27T10:00:00.000Z',
  expires_at: '2026-12-27T10:00:00.000Z',
  grace_ends_at: null,
  updates_until: null,
  update_permissions: true,
  renewable: true,
  renewal_price: '49.00',
  instances: [],
  auto_renew: {
    enabled: true,
    method: { type: 'card', label: 'Visa •••• 4242', expires: '2030-04' },
    next_charge_at: '2026-12-24T10:00:00.000Z',
    next_amount: 5880,
  },
  pending_plan_change: null,
  ...overrides,
});
