import type { Language } from '@cadran/domain/constants';
import type {
  LicenseActivate,
  LicenseDeactivate,
  LicenseValidate,
  OwnedLicense,
} from '@cadran/domain/license-api';
import type { StaffLicenseAction } from '@cadran/domain/licenses';
import type { StaffLicensesQuery } from '@cadran/domain/staff-licenses';
import { isUuid } from '@cadran/domain/uuid';
import type { StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import type { OrdersService } from '../orders/service';
import {
  activate,
  deactivate,
  validate,
  type ActivateResult,
  type ActivationDeps,
  type DeactivateResult,
  type ValidateResult,
} from './activation';
import { autoRenewFacts } from './auto-renew-view';
import { activeInstancesOf, deactivateInstance, listForOwner } from './license-records';
import { isUsableStatus } from '@cadran/domain/licenses';
import { licenseState, ownedLicense } from './license-state';
import { changeOwnedDomains } from './owner-changes';
import {
  placeRenewal,
  quoteRenewal,
  type PlaceRenewalInput,
  type PlaceRenewalResult,
  type RenewalQuoteResult,
} from './renewal';
import { LicensesRepository } from './repository';
import { signLicenseFile } from './license-file';
import type { LicenseSigner, PublishedKey } from './signing';
import {
  changeLicenseState,
  extendLicense,
  freeInstanceByStaff,
  type StaffChangeDeps,
  type StaffChangeResult,
} from './staff-changes';
import { findStaffLicense, listStaffLicenses } from './staff-queries';
import { ValidateCache } from './validate-cache';

/** How long this process reuses a validate answer, and how many it keeps (validate-cache.ts). */
const VALIDATE_CACHE_MS = 5_000;
const VALIDATE_CACHE_ENTRIES = 20_000;

export interface LicensesServiceOptions {
  db: Database;
  orders: OrdersService;
  signer: LicenseSigner;
  /** Days a licence file may be trusted offline (LICENSE_OFFLINE_DAYS). */
  offlineDays: number;
  /** The clock of every status and date decision; tests move it. */
  now: () => Date;
}

/**
 * The licences module's use cases (docs/product.md 'Licences'): the activation API, the
 * owner's list and deactivation, the renewal order, and the public keys of licence files.
 * Every owner read is scoped to the account: another client's licence and an unknown one
 * look the same (not found).
 */
export class LicensesService {
  readonly repository: LicensesRepository;
  private readonly activation: ActivationDeps;

  constructor(private readonly options: LicensesServiceOptions) {
    this.repository = new LicensesRepository(options.db);
    this.activation = {
      db: options.db,
      files: { signer: options.signer, offlineDays: options.offlineDays },
      now: options.now,
      validated: new ValidateCache(VALIDATE_CACHE_MS, VALIDATE_CACHE_ENTRIES),
    };
  }

  now(): Date {
    return this.options.now();
  }

  /** The signature of a release artifact, by the key that signs licence files (signing.ts). */
  signArtifact(payload: { version: string; file: string; size: number; sha256: string }) {
    return this.options.signer.signArtifact(payload);
  }

  /** The JWKS of licence files: the signing key first, then retired ones. */
  get publicKeys(): PublishedKey[] {
    return this.options.signer.keys;
  }

  countForOrder(orderId: string): Promise<number> {
    return this.repository.countForOrder(orderId);
  }

  renewedByOrder(orderId: string): Promise<{ licenseKey: string; expiresAt: Date } | null> {
    return this.repository.renewedByOrder(orderId);
  }

  activate(input: LicenseActivate, lang: Language): Promise<ActivateResult> {
    return activate(this.activation, input, lang);
  }

  validate(input: LicenseValidate, lang: Language): Promise<ValidateResult> {
    return validate(this.activation, input, lang);
  }

  deactivate(input: LicenseDeactivate, lang: Language): Promise<DeactivateResult> {
    return deactivate(this.activation, input, lang);
  }

  /** The account's licences with their active installations, newest first. */
  async listOwned(userId: string, lang: Language): Promise<OwnedLicense[]> {
    return this.owned(userId, lang);
  }

  /** One of the account's licences as its owner reads it; undefined when not theirs. */
  async findOwned(
    userId: string,
    licenseId: string,
    lang: Language,
  ): Promise<OwnedLicense | undefined> {
    if (!isUuid(licenseId)) return undefined;
    const [licence] = await this.owned(userId, lang, licenseId);
    return licence;
  }

  /**
   * Frees one installation of one of the account's licences; undefined when the licence is
   * not the account's or the installation is not active on it.
   */
  async deactivateOwned(
    userId: string,
    licenseId: string,
    instanceId: string,
    lang: Language,
  ): Promise<OwnedLicense | undefined> {
    if (!isUuid(licenseId) || !isUuid(instanceId)) return undefined;
    const [mine] = await listForOwner(this.options.db, userId, licenseId);
    if (!mine) return undefined;
    const ended = await deactivateInstance(this.options.db, licenseId, instanceId, this.now());
    if (!ended) return undefined;
    this.activation.validated.forget(mine.licence.licenseKey);
    const [after] = await this.owned(userId, lang, licenseId);
    return after;
  }

  /**
   * Drops this process's validate answers about `keys` (staff changed those licences), so the
   * next validate reads the licence as it now is.
   */
  forgetValidated(keys: readonly string[]): void {
    for (const key of keys) this.activation.validated.forget(key);
  }

  /**
   * Replaces the domains of one of the account's licences (owner-changes.ts): the licence
   * after the change, or why not.
   */
  async changeDomains(
    userId: string,
    licenseId: string,
    domains: readonly string[],
    lang: Language,
  ) {
    const change = await changeOwnedDomains(this.options.db, userId, licenseId, domains);
    if (change.kind !== 'updated') return change;
    // An installation's next check must see the new list, not a cached answer.
    this.activation.validated.forget(change.licenseKey);
    const [after] = await this.owned(userId, lang, licenseId);
    return after ? { kind: 'updated' as const, license: after } : { kind: 'not_found' as const };
  }

  /**
   * The signed licence file of one of the account's licences, as an installation would get it
   * from validate but naming no installation; undefined when the licence is not the account's.
   */
  async ownedFile(
    userId: string,
    licenseId: string,
    lang: Language,
  ): Promise<{ key: string; file: string } | undefined> {
    if (!isUuid(licenseId)) return undefined;
    const [record] = await listForOwner(this.options.db, userId, licenseId);
    if (!record) return undefined;
    const now = this.now();
    const license = licenseState(record, now, lang);
    const valid = isUsableStatus(license.status);
    return {
      key: license.key,
      file: await signLicenseFile(this.activation.files, { valid, license, instance: null }, now),
    };
  }

  /** Back office: the licences, filtered, at this moment (staff-queries.ts). */
  listForStaff(query: StaffLicensesQuery, lang: Language) {
    return listStaffLicenses(this.options.db, query, this.now(), lang);
  }

  findForStaff(id: string, lang: Language) {
    return findStaffLicense(this.options.db, id, this.now(), lang);
  }

  /** Back office: suspend, reinstate or revoke (staff-changes.ts). */
  changeState(
    id: string,
    action: StaffLicenseAction,
    reason: string | undefined,
    actor: StaffActor,
    lang: Language,
  ): Promise<StaffChangeResult> {
    return changeLicenseState(this.staffDeps(), id, action, reason, actor, lang);
  }

  extend(id: string, until: Date, actor: StaffActor, lang: Language): Promise<StaffChangeResult> {
    return extendLicense(this.staffDeps(), id, until, actor, lang);
  }

  freeInstance(
    id: string,
    instanceId: string,
    actor: StaffActor,
    lang: Language,
  ): Promise<StaffChangeResult> {
    return freeInstanceByStaff(this.staffDeps(), id, instanceId, actor, lang);
  }

  /** Another process changed a licence: none of this process's validate answers can be kept. */
  forgetAllValidated(): void {
    this.activation.validated.clear();
  }

  private staffDeps(): StaffChangeDeps {
    return {
      db: this.options.db,
      now: this.options.now,
      forget: (key) => this.activation.validated.forget(key),
    };
  }

  /** Places a renewal order of one of the account's licences: see renewal.ts. */
  placeRenewal(input: PlaceRenewalInput): Promise<PlaceRenewalResult> {
    return placeRenewal({ db: this.options.db, orders: this.options.orders }, input);
  }

  /** What renewing by hand costs today, VAT included: see renewal.ts. */
  quoteRenewal(
    input: Pick<PlaceRenewalInput, 'licenseId' | 'userId'>,
  ): Promise<RenewalQuoteResult> {
    return quoteRenewal({ db: this.options.db, orders: this.options.orders }, input);
  }

  private async owned(userId: string, lang: Language, licenseId?: string) {
    const records = await listForOwner(this.options.db, userId, licenseId);
    const instances = await activeInstancesOf(
      this.options.db,
      records.map((record) => record.licence.id),
    );
    const renewals = await autoRenewFacts(
      this.options.db,
      records.map((record) => record.licence),
      lang,
    );
    const now = this.now();
    return records.map((record) =>
      ownedLicense(
        record,
        instances.filter((instance) => instance.licenseId === record.licence.id),
        now,
        lang,
        renewals.get(record.licence.id),
      ),
    );
  }
}
