import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  extensionRefusal,
  LICENSE_STATES,
  licenseStatus,
  STAFF_LICENSE_ACTIONS,
  staffLicenseChange,
} from './licenses';

const at = (iso: string) => new Date(iso);

describe('staff changes to a licence state', () => {
  it('suspends an active licence, reinstates a suspended one, revokes either', () => {
    expect(staffLicenseChange('active', 'suspend')).toEqual({ ok: true, state: 'suspended' });
    expect(staffLicenseChange('suspended', 'reinstate')).toEqual({ ok: true, state: 'active' });
    expect(staffLicenseChange('active', 'revoke')).toEqual({ ok: true, state: 'revoked' });
    expect(staffLicenseChange('suspended', 'revoke')).toEqual({ ok: true, state: 'revoked' });
  });

  it('refuses what does not apply: suspending twice, reinstating an active licence', () => {
    expect(staffLicenseChange('suspended', 'suspend')).toEqual({
      ok: false,
      refusal: 'staff.license.already_suspended',
    });
    expect(staffLicenseChange('active', 'reinstate')).toEqual({
      ok: false,
      refusal: 'staff.license.not_suspended',
    });
  });

  it('never brings a revoked licence back, whatever the action', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STAFF_LICENSE_ACTIONS), (action) => {
        expect(staffLicenseChange('revoked', action)).toEqual({
          ok: false,
          refusal: 'staff.license.revoked_final',
        });
      }),
    );
  });

  it('lands only in a state the activation API then refuses or accepts as it says', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LICENSE_STATES),
        fc.constantFrom(...STAFF_LICENSE_ACTIONS),
        (state, action) => {
          const change = staffLicenseChange(state, action);
          if (!change.ok) return;
          const status = licenseStatus({ state: change.state, expiresAt: null }, new Date());
          expect(status).toBe(change.state === 'active' ? 'active' : change.state);
        },
      ),
    );
  });
});

describe('staff extension of a licence', () => {
  const expiresAt = at('2027-03-01T10:00:00Z');

  it('moves the expiry later, even while suspended or expired', () => {
    expect(extensionRefusal({ state: 'active', expiresAt }, at('2027-03-01T10:00:01Z'))).toBe(null);
    expect(extensionRefusal({ state: 'suspended', expiresAt }, at('2028-01-01T00:00:00Z'))).toBe(
      null,
    );
  });

  it('refuses the same or an earlier date, a licence that never expires, and a revoked one', () => {
    expect(extensionRefusal({ state: 'active', expiresAt }, expiresAt)).toBe(
      'staff.license.extend_not_later',
    );
    expect(extensionRefusal({ state: 'active', expiresAt }, at('2026-01-01T00:00:00Z'))).toBe(
      'staff.license.extend_not_later',
    );
    expect(extensionRefusal({ state: 'active', expiresAt: null }, at('2030-01-01'))).toBe(
      'staff.license.never_expires',
    );
    expect(extensionRefusal({ state: 'revoked', expiresAt }, at('2030-01-01'))).toBe(
      'staff.license.revoked_final',
    );
  });
});
