import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueReminderStage,
  graceEndsAt,
  isUsableStatus,
  licenseExpiry,
  licenseFileExpiry,
  licenseStatus,
  renewalPeriod,
  updatesUntil,
} from './licenses';

const at = (iso: string) => new Date(iso);
const expiresAt = at('2027-03-01T10:00:00Z');

describe('licence status from its dates', () => {
  it('is active until the expiry, in grace for 14 days, then expired', () => {
    const licence = { state: 'active' as const, expiresAt };
    expect(licenseStatus(licence, at('2027-03-01T09:59:59Z'))).toBe('active');
    expect(licenseStatus(licence, expiresAt)).toBe('grace');
    expect(licenseStatus(licence, at('2027-03-15T09:59:59Z'))).toBe('grace');
    expect(licenseStatus(licence, at('2027-03-15T10:00:00Z'))).toBe('expired');
    expect(graceEndsAt(expiresAt)).toEqual(at('2027-03-15T10:00:00Z'));
  });

  it('never expires a one-time licence', () => {
    expect(licenseStatus({ state: 'active', expiresAt: null }, at('2199-01-01T00:00:00Z'))).toBe(
      'active',
    );
  });

  it('lets a suspension or a revocation win over any date', () => {
    for (const state of ['suspended', 'revoked'] as const) {
      expect(licenseStatus({ state, expiresAt }, at('2027-01-01T00:00:00Z'))).toBe(state);
      expect(licenseStatus({ state, expiresAt: null }, at('2027-01-01T00:00:00Z'))).toBe(state);
    }
  });

  it('counts active and grace as usable, nothing else', () => {
    expect(
      ['active', 'grace', 'expired', 'suspended', 'revoked'].map((s) => isUsableStatus(s as never)),
    ).toEqual([true, true, false, false, false]);
  });
});

describe('licence file expiry', () => {
  const issued = at('2027-01-01T00:00:00Z');
  it('ends after the offline period while the grace ends later', () => {
    expect(licenseFileExpiry(expiresAt, issued, 30)).toEqual(at('2027-01-31T00:00:00Z'));
  });
  it('ends with the grace when that comes first', () => {
    expect(licenseFileExpiry(expiresAt, at('2027-02-20T00:00:00Z'), 30)).toEqual(
      graceEndsAt(expiresAt),
    );
  });
  it('gives a licence that never expires the offline bound only', () => {
    expect(licenseFileExpiry(null, issued, 7)).toEqual(at('2027-01-08T00:00:00Z'));
  });
  it('is never past either bound', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2020-01-01'), max: at('2040-01-01'), noInvalidDate: true }),
        fc.option(fc.date({ min: at('2020-01-01'), max: at('2040-01-01'), noInvalidDate: true })),
        fc.integer({ min: 1, max: 365 }),
        (issuedAt, licenceEnd, days) => {
          const exp = licenseFileExpiry(licenceEnd, issuedAt, days).getTime();
          expect(exp).toBeLessThanOrEqual(issuedAt.getTime() + days * 86_400_000);
          if (licenceEnd) expect(exp).toBeLessThanOrEqual(graceEndsAt(licenceEnd).getTime());
        },
      ),
    );
  });
});

describe('expiry and renewal', () => {
  it('expires one billing cycle after the start, one_time never', () => {
    expect(licenseExpiry(at('2026-01-31T10:00:00Z'), 'monthly')).toEqual(
      at('2026-02-28T10:00:00Z'),
    );
    expect(licenseExpiry(at('2026-01-31T10:00:00Z'), 'annually')).toEqual(
      at('2027-01-31T10:00:00Z'),
    );
    expect(licenseExpiry(at('2026-01-31T10:00:00Z'), 'one_time')).toBeNull();
  });

  it('starts a renewal at the old expiry while it is ahead, at the payment once expired', () => {
    expect(renewalPeriod({ expiresAt }, 'annually', at('2027-02-01T00:00:00Z'))).toEqual({
      startsAt: expiresAt,
      expiresAt: at('2028-03-01T10:00:00Z'),
    });
    const paidInGrace = at('2027-03-05T08:00:00Z');
    expect(renewalPeriod({ expiresAt }, 'annually', paidInGrace)).toEqual({
      startsAt: paidInGrace,
      expiresAt: at('2028-03-05T08:00:00Z'),
    });
    expect(renewalPeriod({ expiresAt: null }, 'annually', paidInGrace)).toBeNull();
    expect(renewalPeriod({ expiresAt }, 'one_time', paidInGrace)).toBeNull();
  });

  it('never shortens a licence: the new expiry is after the old one and after the payment', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: at('2020-01-01T00:00:00Z'),
          max: at('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.date({
          min: at('2020-01-01T00:00:00Z'),
          max: at('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('monthly', 'quarterly', 'annually', 'triennially' as const),
        (old, paid, cycle) => {
          const period = renewalPeriod({ expiresAt: old }, cycle, paid);
          expect(period).not.toBeNull();
          expect(period!.expiresAt > old).toBe(true);
          expect(period!.expiresAt > paid).toBe(true);
          expect(period!.startsAt.getTime()).toBe(Math.max(old.getTime(), paid.getTime()));
        },
      ),
    );
  });

  it('covers updates until the expiry with update rights, until the start without', () => {
    const startsAt = at('2026-03-01T10:00:00Z');
    expect(updatesUntil({ updatePermissions: true, startsAt, expiresAt })).toEqual(expiresAt);
    expect(updatesUntil({ updatePermissions: true, startsAt, expiresAt: null })).toBeNull();
    expect(updatesUntil({ updatePermissions: false, startsAt, expiresAt })).toEqual(startsAt);
  });
});

describe('reminder due dates', () => {
  const licence = { startsAt: at('2026-03-01T10:00:00Z'), expiresAt };

  it('is due 30, 7 and 1 days before expiry, the most urgent stage that has come', () => {
    // 1 March minus 30 days is 30 January (February has 28 days in 2027).
    expect(dueReminderStage(licence, at('2027-01-30T09:59:59Z'))).toBeNull();
    expect(dueReminderStage(licence, at('2027-01-30T10:00:00Z'))).toBe(30);
    expect(dueReminderStage(licence, at('2027-02-22T09:59:59Z'))).toBe(30);
    expect(dueReminderStage(licence, at('2027-02-22T10:00:00Z'))).toBe(7);
    expect(dueReminderStage(licence, at('2027-02-28T10:00:00Z'))).toBe(1);
    expect(dueReminderStage(licence, at('2027-03-01T09:59:59Z'))).toBe(1);
  });

  it('sends nothing once expired, nor for a licence that never expires', () => {
    expect(dueReminderStage(licence, expiresAt)).toBeNull();
    expect(dueReminderStage({ startsAt: licence.startsAt, expiresAt: null }, expiresAt)).toBeNull();
  });

  it('skips a stage that falls before the licence started (a monthly licence, 30 days)', () => {
    const monthly = { startsAt: at('2026-02-01T10:00:00Z'), expiresAt: at('2026-03-01T10:00:00Z') };
    expect(dueReminderStage(monthly, at('2026-02-01T10:00:00Z'))).toBeNull();
    expect(dueReminderStage(monthly, at('2026-02-22T10:00:00Z'))).toBe(7);
  });
});
