import { addCycle, type BillingCycle } from './billing-cycles';

/**
 * Licences after the sale (docs/product.md 'Licences'): what a licence's dates make of it, when
 * its term ends, where a renewal's period starts and which reminder is due. Pure: the clock is
 * always an argument, so the server can move it in tests.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a licence keeps working after its expiry, saying so, before it stops. */
export const LICENSE_GRACE_DAYS = 14;

/** Reminder e-mails go this many days before expiry, the earliest first. */
export const LICENSE_REMINDER_DAYS = [30, 7, 1] as const;
export type ReminderStage = (typeof LICENSE_REMINDER_DAYS)[number];

/** What staff can set on a licence; dates decide the rest. */
export const LICENSE_STATES = ['active', 'suspended', 'revoked'] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];

/** What a licence is at a given moment, as the activation API says it. */
export const LICENSE_STATUSES = ['active', 'grace', 'expired', 'suspended', 'revoked'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

export interface LicenseDates {
  state: LicenseState;
  /** Null: never expires (one_time). */
  expiresAt: Date | null;
}

/** End of the grace period of a licence that expires at `expiresAt`. */
export const graceEndsAt = (expiresAt: Date): Date =>
  new Date(expiresAt.getTime() + LICENSE_GRACE_DAYS * DAY_MS);

/**
 * The status at `now`: a suspension or revocation wins over dates; then active until the
 * expiry (excluded), grace for 14 days, expired after.
 */
export function licenseStatus(licence: LicenseDates, now: Date): LicenseStatus {
  if (licence.state !== 'active') return licence.state;
  if (licence.expiresAt === null || now < licence.expiresAt) return 'active';
  return now < graceEndsAt(licence.expiresAt) ? 'grace' : 'expired';
}

/**
 * How long a signed licence file may be trusted offline by default: an installation checks in
 * daily, so a month covers a long outage while a copy saved before a refund or revocation
 * stops vouching for the licence soon after.
 */
export const DEFAULT_LICENSE_OFFLINE_DAYS = 30;
/** The bounds of that setting: at least a day, at most a year. */
export const LICENSE_OFFLINE_DAYS_MIN = 1;
export const LICENSE_OFFLINE_DAYS_MAX = 365;

/**
 * The `exp` of a licence file issued at `issuedAt`: the end of the offline period, and never
 * past the end of the licence's grace (a licence that never expires has the offline bound
 * only). A licence already past its grace gets a file that has expired when it is issued.
 */
export function licenseFileExpiry(
  licenceExpiresAt: Date | null,
  issuedAt: Date,
  offlineDays: number,
): Date {
  const offlineEnd = new Date(issuedAt.getTime() + offlineDays * DAY_MS);
  if (licenceExpiresAt === null) return offlineEnd;
  const grace = graceEndsAt(licenceExpiresAt);
  return grace < offlineEnd ? grace : offlineEnd;
}

/** Whether an installation may run: active, or in grace (validate says valid, with the date). */
export const isUsableStatus = (status: LicenseStatus): boolean =>
  status === 'active' || status === 'grace';

/** Expiry of a licence whose term starts at `start`: one cycle later; one_time never. */
export const licenseExpiry = (start: Date, cycle: BillingCycle): Date | null =>
  addCycle(start, cycle);

/**
 * Until when major updates are covered: the expiry for a licence with update rights (null:
 * no end, a one_time licence), its start for one without (security fixes only after that).
 */
export function updatesUntil(licence: {
  updatePermissions: boolean;
  startsAt: Date;
  expiresAt: Date | null;
}): Date | null {
  return licence.updatePermissions ? licence.expiresAt : licence.startsAt;
}

export interface RenewalPeriod {
  startsAt: Date;
  expiresAt: Date;
}

/**
 * The period a paid renewal adds: from the old expiry while it is still ahead (or now), so
 * renewing early loses nothing; from the payment once the licence has expired (grace
 * included). Null for a licence that never expires: there is nothing to renew.
 */
export function renewalPeriod(
  licence: { expiresAt: Date | null },
  cycle: BillingCycle,
  paidAt: Date,
): RenewalPeriod | null {
  if (licence.expiresAt === null) return null;
  const startsAt = licence.expiresAt >= paidAt ? licence.expiresAt : paidAt;
  const expiresAt = licenseExpiry(startsAt, cycle);
  return expiresAt ? { startsAt, expiresAt } : null;
}

/** When the reminder `days` before `expiresAt` falls due. */
export const reminderDueAt = (expiresAt: Date, days: ReminderStage): Date =>
  new Date(expiresAt.getTime() - days * DAY_MS);

/**
 * The reminder to send at `now`, if any: the closest stage to the expiry whose date has come,
 * while the licence has not expired yet. Earlier stages that were missed (a server stopped for
 * a week) are not sent late: only the most urgent one still makes sense. A stage due before
 * the licence even started (a monthly licence and its 30-day reminder) is never due.
 */
export function dueReminderStage(
  licence: { startsAt: Date; expiresAt: Date | null },
  now: Date,
): ReminderStage | null {
  const { expiresAt } = licence;
  if (expiresAt === null || now >= expiresAt) return null;
  let due: ReminderStage | null = null;
  for (const days of LICENSE_REMINDER_DAYS) {
    const at = reminderDueAt(expiresAt, days);
    if (at < licence.startsAt) continue;
    if (now >= at) due = days;
  }
  return due;
}

/** What staff do to a licence's state (docs/product.md 'Back office' ('Licences')). */
export const STAFF_LICENSE_ACTIONS = ['suspend', 'reinstate', 'revoke'] as const;
export type StaffLicenseAction = (typeof STAFF_LICENSE_ACTIONS)[number];

/** Why a staff change does not apply to the licence as it stands. */
export type LicenseChangeRefusal =
  | 'staff.license.already_suspended'
  | 'staff.license.not_suspended'
  | 'staff.license.revoked_final'
  | 'staff.license.never_expires'
  | 'staff.license.extend_not_later';

export type LicenseStateChange =
  { ok: true; state: LicenseState } | { ok: false; refusal: LicenseChangeRefusal };

/**
 * The state after a staff action: an active licence can be suspended, a suspended one
 * reinstated, either revoked; a revocation is final (nothing changes a revoked licence back).
 */
export function staffLicenseChange(
  current: LicenseState,
  action: StaffLicenseAction,
): LicenseStateChange {
  if (current === 'revoked') return { ok: false, refusal: 'staff.license.revoked_final' };
  switch (action) {
    case 'suspend':
      return current === 'suspended'
        ? { ok: false, refusal: 'staff.license.already_suspended' }
        : { ok: true, state: 'suspended' };
    case 'reinstate':
      return current === 'suspended'
        ? { ok: true, state: 'active' }
        : { ok: false, refusal: 'staff.license.not_suspended' };
    case 'revoke':
      return { ok: true, state: 'revoked' };
  }
}

/**
 * Whether staff may move a licence's expiry to `until`: never for a revoked licence nor one
 * that never expires (one_time), and only later than the current expiry (an extension, not a
 * shortening). A suspended licence may be extended: the suspension still wins over the dates.
 */
export function extensionRefusal(licence: LicenseDates, until: Date): LicenseChangeRefusal | null {
  if (licence.state === 'revoked') return 'staff.license.revoked_final';
  if (licence.expiresAt === null) return 'staff.license.never_expires';
  return until > licence.expiresAt ? null : 'staff.license.extend_not_later';
}
