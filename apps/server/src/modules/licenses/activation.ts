import type { Language } from '@cadran/domain/constants';
import type {
  LicenseActivate,
  LicenseDeactivate,
  LicenseRefusalCode,
  LicenseInstance,
  LicenseState,
  LicenseValidate,
} from '@cadran/domain/license-api';
import { isUsableStatus, licenseStatus, type LicenseStatus } from '@cadran/domain/licenses';
import type { Database } from '../../db/client';
import {
  checkInDue,
  countActive,
  deactivateInstance,
  findActiveInstance,
  findByKey,
  insertInstance,
  lockByKey,
  recordCheckIn,
  setDomains,
  type LicenseRecord,
} from './license-records';
import { instanceView, licenseState } from './license-state';
import { signLicenseFile, type LicenseFileSigning } from './license-file';
import type { ValidateCache } from './validate-cache';

/**
 * The activation API's use cases (docs/product.md 'Licences' ('Activation API')): what a
 * Cadran CMS installation calls with its key. Each answer that describes a licence carries its
 * signed licence file, so the installation can work offline and detect tampering.
 */

export interface ActivationDeps {
  db: Database;
  /** The key and offline period of the licence files answered (license-file.ts). */
  files: LicenseFileSigning;
  now: () => Date;
  /** Validate answers of this process (validate-cache.ts). */
  validated: ValidateCache<ValidateResult>;
}

export type Refusal = { kind: 'refused'; code: LicenseRefusalCode };
const refused = (code: LicenseRefusalCode): Refusal => ({ kind: 'refused', code });

/** A status that refuses new activations, and the code it answers. */
const REFUSING: Partial<Record<LicenseStatus, LicenseRefusalCode>> = {
  expired: 'license_expired',
  suspended: 'license_suspended',
  revoked: 'license_revoked',
};

export type ActivateResult =
  | {
      kind: 'activated' | 'already_active';
      instance: LicenseInstance;
      license: LicenseState;
      licenseFile: string;
    }
  | Refusal;

/**
 * Activates an installation on `domain`. In one transaction with the licence row locked: the
 * status must allow it (active or grace), the domain must be one of the licence's or fit
 * under its domain limit (then it becomes one of them), and an installation place must be
 * free. The same domain and name already active answer that installation again rather than
 * take a second place (a CMS that lost its answer and retries).
 */
export async function activate(
  deps: ActivationDeps,
  input: LicenseActivate,
  lang: Language,
): Promise<ActivateResult> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await lockByKey(tx, input.license_key);
    if (!locked) return refused('license_not_found');
    const { licence } = locked;
    const refusal = REFUSING[licenseStatus(licence, now)];
    if (refusal) return refused(refusal);

    const active = await countActive(tx, licence.id);
    const domains = [...licence.domains];
    if (!domains.includes(input.domain)) {
      if (domains.length >= licence.domainLimit) return refused('domain_not_allowed');
      domains.push(input.domain);
    }
    const existing = await findActiveInstance(tx, licence.id, input.domain, input.instance_name);
    const record = (activeInstances: number): LicenseRecord => ({
      licence: { ...licence, domains },
      template: locked.template,
      activeInstances,
    });
    if (existing) {
      if (checkInDue(existing.lastCheckInAt, now)) await recordCheckIn(tx, existing.id, now);
      return { kind: 'already_active' as const, instance: existing, record: record(active) };
    }
    if (active >= licence.installationLimit) return refused('activation_limit_reached');
    if (domains.length !== licence.domains.length) await setDomains(tx, licence.id, domains);
    const instance = await insertInstance(tx, {
      licenseId: licence.id,
      domain: input.domain,
      name: input.instance_name,
      createdAt: now,
    });
    return { kind: 'activated' as const, instance, record: record(active + 1) };
  });
  if (outcome.kind === 'refused') return outcome;
  deps.validated.forget(outcome.record.licence.licenseKey);
  const license = licenseState(outcome.record, now, lang);
  const instance = instanceView(outcome.instance);
  return {
    kind: outcome.kind,
    instance,
    license,
    // The installation just named is active: the file is valid while the licence is usable.
    licenseFile: await signLicenseFile(
      deps.files,
      { valid: isUsableStatus(license.status), license, instance },
      now,
    ),
  };
}

export type ValidateResult =
  | {
      kind: 'validated';
      valid: boolean;
      license: LicenseState;
      instance: LicenseInstance | null;
      licenseFile: string;
      /**
       * The answer's JSON once a route has written it: a result reused from the cache is
       * sent as these bytes again rather than serialised again (validate-cache.ts).
       */
      body?: string;
    }
  | Refusal;

/**
 * The daily check of an installation: valid while the licence is active or in grace and, when
 * an instance is named, while that installation is active on it. One read, no lock.
 */
export async function validate(
  deps: ActivationDeps,
  input: LicenseValidate,
  lang: Language,
): Promise<ValidateResult> {
  const now = deps.now();
  const variant = `${input.instance_id ?? ''}\u0000${lang}`;
  const cached = deps.validated.get(input.license_key, variant, now.getTime());
  if (cached) return cached;
  const found = await findByKey(deps.db, input.license_key, input.instance_id);
  if (!found) return refused('license_not_found');
  const license = licenseState(found, now, lang);
  const instance = found.instance ? instanceView(found.instance) : null;
  // The read says when it last checked in: most validates write nothing, and a cached answer
  // (above) reads nothing either.
  if (found.instance && checkInDue(found.instance.lastCheckInAt, now))
    await recordCheckIn(deps.db, found.instance.id, now);
  const valid =
    isUsableStatus(license.status) && (input.instance_id === undefined || instance !== null);
  const result: ValidateResult = {
    kind: 'validated',
    valid,
    license,
    instance,
    licenseFile: await signLicenseFile(deps.files, { valid, license, instance }, now),
  };
  deps.validated.set(input.license_key, variant, now.getTime(), result);
  return result;
}

export type DeactivateResult = { kind: 'deactivated'; license: LicenseState } | Refusal;

/** Frees an installation's place; whatever the licence's status, giving a place back is allowed. */
export async function deactivate(
  deps: ActivationDeps,
  input: LicenseDeactivate,
  lang: Language,
): Promise<DeactivateResult> {
  const now = deps.now();
  const found = await findByKey(deps.db, input.license_key);
  if (!found) return refused('license_not_found');
  const ended = await deactivateInstance(deps.db, found.licence.id, input.instance_id, now);
  if (!ended) return refused('instance_not_found');
  deps.validated.forget(found.licence.licenseKey);
  return {
    kind: 'deactivated',
    license: licenseState({ ...found, activeInstances: found.activeInstances - 1 }, now, lang),
  };
}
