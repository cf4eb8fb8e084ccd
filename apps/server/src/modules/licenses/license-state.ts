import type { Language } from '@cadran/domain/constants';
import { centsToDecimalString } from '@cadran/domain/money';
import type {
  LicenseInstance,
  LicenseState,
  OwnedLicense,
  OwnedLicenseInstance,
} from '@cadran/domain/license-api';
import { graceEndsAt, licenseStatus, updatesUntil } from '@cadran/domain/licenses';
import type { AutoRenewFacts } from './auto-renew-view';
import type { InstanceRow, LicenseRecord } from './license-records';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The English name when there is one, else the French: the catalogue's own fallback. */
const templateName = (record: LicenseRecord, lang: Language): string =>
  (lang === 'en' && record.template.nameEn.trim()) || record.template.name;

/** The licence as the activation API and its signed file state it, at `now`. */
export function licenseState(record: LicenseRecord, now: Date, lang: Language): LicenseState {
  const { licence } = record;
  const status = licenseStatus(licence, now);
  return {
    key: licence.licenseKey,
    template: {
      id: licence.templateId,
      name: templateName(record, lang),
      billing_cycle: record.template.billingCycle,
    },
    status,
    domains: [...licence.domains],
    domain_limit: licence.domainLimit,
    installation_limit: licence.installationLimit,
    active_instances: record.activeInstances,
    starts_at: licence.startsAt.toISOString(),
    expires_at: iso(licence.expiresAt),
    grace_ends_at:
      status === 'grace' && licence.expiresAt ? graceEndsAt(licence.expiresAt).toISOString() : null,
    updates_until: iso(updatesUntil(licence)),
  };
}

export const instanceView = (instance: InstanceRow): LicenseInstance => ({
  id: instance.id,
  domain: instance.domain,
  name: instance.name,
  created_at: instance.createdAt.toISOString(),
});

/** An installation as its owner and staff see it, with its last check-in. */
export const ownedInstanceView = (instance: InstanceRow): OwnedLicenseInstance => ({
  ...instanceView(instance),
  last_check_in_at: instance.lastCheckInAt?.toISOString() ?? null,
});

/** The owner's view: the state, its order, whether it renews, and its installations. */
export function ownedLicense(
  record: LicenseRecord,
  instances: readonly InstanceRow[],
  now: Date,
  lang: Language,
  renewal: AutoRenewFacts = NOT_RENEWING,
): OwnedLicense {
  const { licence } = record;
  const renewable = licence.expiresAt !== null && licence.state !== 'revoked';
  return {
    ...licenseState(record, now, lang),
    id: licence.id,
    order_id: licence.orderId,
    update_permissions: licence.updatePermissions,
    renewable,
    renewal_price:
      renewable && record.renewalPriceCents != null
        ? centsToDecimalString(record.renewalPriceCents)
        : null,
    instances: instances.map(ownedInstanceView),
    ...renewal,
  };
}

const NOT_RENEWING: AutoRenewFacts = {
  auto_renew: { enabled: false, method: null, next_charge_at: null, next_amount: null },
  pending_plan_change: null,
};
