import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BROWSER_SESSION,
  REMEMBERED_SESSION,
  STAFF_SESSION,
  TOUCH_INTERVAL_MS,
  absoluteExpiry,
  cookieMaxAgeSeconds,
  judgeSession,
} from './session-policy';
import { bearerToken, generateToken, hashToken, isWellFormedToken } from './tokens';

const now = new Date('2026-03-02T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('session lifetimes', () => {
  it('gives browser sessions 2 h idle / 12 h absolute and remembered ones 30 days', () => {
    expect(BROWSER_SESSION).toEqual({ idleMs: 2 * HOUR, absoluteMs: 12 * HOUR });
    expect(REMEMBERED_SESSION).toEqual({ idleMs: 720 * HOUR, absoluteMs: 720 * HOUR });
    expect(cookieMaxAgeSeconds(true)).toBe(2_592_000);
    expect(cookieMaxAgeSeconds(false)).toBeUndefined();
    expect(absoluteExpiry(false, now).getTime() - now.getTime()).toBe(12 * HOUR);
  });

  it('gives staff sessions 30 min idle and 8 h at most, remembered or not', () => {
    expect(STAFF_SESSION).toEqual({ idleMs: 30 * MINUTE, absoluteMs: 8 * HOUR });
    for (const remember of [false, true]) {
      expect(absoluteExpiry(remember, now, true).getTime() - now.getTime()).toBe(8 * HOUR);
      const session = {
        remember,
        lastSeenAt: ago(30 * MINUTE),
        expiresAt: absoluteExpiry(remember, now, true),
      };
      expect(judgeSession(session, now, true)).toBe('expired');
      expect(judgeSession({ ...session, lastSeenAt: ago(29 * MINUTE) }, now, true)).toBe(
        'valid-touch',
      );
      // The same session, were it a client's, would still be open.
      expect(judgeSession(session, now)).not.toBe('expired');
    }
  });

  it('judges idle, absolute and touch limits', () => {
    const session = (
      lastSeenMs: number,
      remember = false,
      expiresAt = absoluteExpiry(remember, ago(HOUR)),
    ) => ({
      remember,
      lastSeenAt: ago(lastSeenMs),
      expiresAt,
    });
    expect(judgeSession(session(MINUTE), now)).toBe('valid');
    expect(judgeSession(session(TOUCH_INTERVAL_MS), now)).toBe('valid-touch');
    expect(judgeSession(session(2 * HOUR - 1), now)).toBe('valid-touch');
    expect(judgeSession(session(2 * HOUR), now)).toBe('expired');
    expect(judgeSession(session(3 * HOUR, true), now)).toBe('valid-touch');
    expect(judgeSession(session(0, true, now), now)).toBe('expired');
  });

  it('never accepts a session past its absolute expiry, whatever its activity', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.nat(40 * 24 * HOUR),
        fc.nat(40 * 24 * HOUR),
        (remember, idle, late) => {
          const verdict = judgeSession(
            { remember, lastSeenAt: ago(idle), expiresAt: ago(late) },
            now,
          );
          expect(verdict).toBe('expired');
        },
      ),
    );
  });
});

describe('session tokens', () => {
  it('are 256-bit base64url strings, distinct, stored as SHA-256 hex', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(isWellFormedToken(token)).toBe(true);
    const token = generateToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
  });

  it('refuses anything else before any lookup', () => {
    for (const value of [undefined, '', 'abc', 'A'.repeat(44), `${'A'.repeat(42)}=`, 42]) {
      expect(isWellFormedToken(value)).toBe(false);
    }
  });

  it('reads bearer headers', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
