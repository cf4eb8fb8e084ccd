import type { AuditAction } from '@cadran/domain/audit';
import type { Language } from '@cadran/domain/constants';
import {
  extensionRefusal,
  staffLicenseChange,
  type LicenseChangeRefusal,
  type StaffLicenseAction,
} from '@cadran/domain/licenses';
import type { StaffLicense } from '@cadran/domain/staff-licenses';
import { isUuid } from '@cadran/domain/uuid';
import { eq } from 'drizzle-orm';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import type { Transaction } from '../../db/transaction';
import { deactivateInstance, type LicenseRow } from './license-records';
import { lockLicence } from './repository';
import { findStaffLicense } from './staff-queries';

/**
 * What staff change on a licence (docs/product.md 'Back office' ('Licences')): its state
 * (suspend, reinstate, revoke, by the domain's rules), its expiry, and its installations.
 * Each change locks the licence row, writes its audit entry with the licence before and after
 * in the same transaction, then drops the validate answers kept of that key, so the next
 * validate or activate call answers the new state (docs/decisions/030-staff-catalogue-and-licences.md).
 */

export interface StaffChangeDeps {
  db: Database;
  now: () => Date;
  /** Drops this process's validate answers about a licence key. */
  forget: (licenseKey: string) => void;
}

export type StaffChangeResult =
  | { kind: 'changed'; license: StaffLicense }
  | { kind: 'not_found' }
  | { kind: 'refused'; refusal: LicenseChangeRefusal };

const AUDIT_TARGET = 'license';

type Change = (
  tx: Transaction,
  licence: LicenseRow,
) => Promise<{ refusal: LicenseChangeRefusal } | { action: AuditAction; extra?: object } | null>;

/** Locks the licence, applies `change`, audits it; the validate cache learns after the commit. */
async function applyChange(
  deps: StaffChangeDeps,
  id: string,
  actor: StaffActor,
  lang: Language,
  change: Change,
): Promise<StaffChangeResult> {
  if (!isUuid(id)) return { kind: 'not_found' };
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const licence = await lockLicence(tx, id);
    if (!licence) return { kind: 'not_found' as const };
    const before = await findStaffLicense(tx, id, now, lang);
    const applied = await change(tx, licence);
    if (applied === null) return { kind: 'not_found' as const };
    if ('refusal' in applied) return { kind: 'refused' as const, refusal: applied.refusal };
    const after = await findStaffLicense(tx, id, now, lang);
    if (!after) throw new Error(`licence ${id} vanished during a staff change`);
    await recordStaffAction(tx, actor, {
      action: applied.action,
      target: { type: AUDIT_TARGET, id },
      before,
      after: applied.extra ? { ...after, ...applied.extra } : after,
    });
    return { kind: 'changed' as const, license: after, key: licence.licenseKey };
  });
  if (outcome.kind !== 'changed') return outcome;
  deps.forget(outcome.key);
  return { kind: 'changed', license: outcome.license };
}

/** Suspends, reinstates or revokes; `reason` is kept on the licence while it is not active. */
export function changeLicenseState(
  deps: StaffChangeDeps,
  id: string,
  action: StaffLicenseAction,
  reason: string | undefined,
  actor: StaffActor,
  lang: Language,
): Promise<StaffChangeResult> {
  return applyChange(deps, id, actor, lang, async (tx, licence) => {
    const next = staffLicenseChange(licence.state, action);
    if (!next.ok) return { refusal: next.refusal };
    await tx
      .update(licenses)
      .set({ state: next.state, stateReason: next.state === 'active' ? null : (reason ?? null) })
      .where(eq(licenses.id, licence.id));
    return { action: `license.${action}`, extra: reason ? { reason } : undefined };
  });
}

/** Moves the expiry to `until`, later than the current one. */
export function extendLicense(
  deps: StaffChangeDeps,
  id: string,
  until: Date,
  actor: StaffActor,
  lang: Language,
): Promise<StaffChangeResult> {
  return applyChange(deps, id, actor, lang, async (tx, licence) => {
    const refusal = extensionRefusal(licence, until);
    if (refusal) return { refusal };
    await tx.update(licenses).set({ expiresAt: until }).where(eq(licenses.id, licence.id));
    return { action: 'license.extend' };
  });
}

/** Frees one active installation, as its owner can; not found when it is not active on it. */
export function freeInstanceByStaff(
  deps: StaffChangeDeps,
  id: string,
  instanceId: string,
  actor: StaffActor,
  lang: Language,
): Promise<StaffChangeResult> {
  return applyChange(deps, id, actor, lang, async (tx, licence) => {
    if (!isUuid(instanceId)) return null;
    const ended = await deactivateInstance(tx, licence.id, instanceId, deps.now());
    return ended
      ? { action: 'license.deactivate_instance', extra: { instance_id: ended.id } }
      : null;
  });
}
