import type { Language } from '@cadran/domain/constants';
import type {
  LicenseActivate,
  LicenseDeactivate,
  LicenseValidate,
  OwnedLicense,
} from '@cadran/domain/license-api';
import { isUuid } from '@cadran/domain/uuid';
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
import { activeInstancesOf, deactivateInstance, listForOwner } from './license-records';
import { ownedLicense } from './license-state';
import { placeRenewal, type PlaceRenewalInput, type PlaceRenewalResult } from './renewal';
import { LicensesRepository } from './repository';
import type { LicenseSigner, PublishedKey } from './signing';
import { ValidateCache } from './validate-cache';

/** How long this process reuses a validate answer, and how many it keeps (validate-cache.ts). */
const VALIDATE_CACHE_MS = 5_000;
const VALIDATE_CACHE_ENTRIES = 20_000;

export interface LicensesServiceOptions {
  db: Database;
  orders: OrdersService;
  signer: LicenseSigner;
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
      signer: options.signer,
      now: options.now,
      validated: new ValidateCache(VALIDATE_CACHE_MS, VALIDATE_CACHE_ENTRIES),
    };
  }

  now(): Date {
    return this.options.now();
  }

  /** The JWKS of licence files: the signing key first, then retired ones. */
  get publicKeys(): PublishedKey[] {
    return this.options.signer.keys;
  }

  countForOrder(orderId: string): Promise<number> {
    return this.repository.countForOrder(orderId);
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

  /** Places a renewal order of one of the account's licences: see renewal.ts. */
  placeRenewal(input: PlaceRenewalInput): Promise<PlaceRenewalResult> {
    return placeRenewal({ db: this.options.db, orders: this.options.orders }, input);
  }

  private async owned(userId: string, lang: Language, licenseId?: string) {
    const records = await listForOwner(this.options.db, userId, licenseId);
    const instances = await activeInstancesOf(
      this.options.db,
      records.map((record) => record.licence.id),
    );
    const now = this.now();
    return records.map((record) =>
      ownedLicense(
        record,
        instances.filter((instance) => instance.licenseId === record.licence.id),
        now,
        lang,
      ),
    );
  }
}
