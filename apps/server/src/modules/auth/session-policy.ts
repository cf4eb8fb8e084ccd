/**
 * Session lifetimes (docs/product.md 'Accounts and sessions' ('Sessions and tokens')). A browser
 * session (no "remember me") ends after 2 hours without activity and after 12 hours at most; a
 * remembered one lasts 30 days, the lifetime of its cookie. A staff member's session is shorter,
 * whatever was asked: 30 minutes without activity, 8 hours at most, never remembered. Activity is
 * recorded at most every 5 minutes so that a busy page does not write to the database on every
 * request.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

export const BROWSER_SESSION: SessionTimeouts = { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR };
export const REMEMBERED_SESSION: SessionTimeouts = { idleMs: 30 * DAY, absoluteMs: 30 * DAY };
export const STAFF_SESSION: SessionTimeouts = { idleMs: 30 * MINUTE, absoluteMs: 8 * HOUR };
export const TOUCH_INTERVAL_MS = 5 * MINUTE;

export const timeoutsFor = (remember: boolean, staff = false): SessionTimeouts =>
  staff ? STAFF_SESSION : remember ? REMEMBERED_SESSION : BROWSER_SESSION;

/** Max-Age of the cookie in seconds; undefined makes a browser-session cookie. */
export const cookieMaxAgeSeconds = (remember: boolean): number | undefined =>
  remember ? Math.floor(REMEMBERED_SESSION.absoluteMs / 1000) : undefined;

export const absoluteExpiry = (remember: boolean, now: Date, staff = false): Date =>
  new Date(now.getTime() + timeoutsFor(remember, staff).absoluteMs);

export interface SessionTimes {
  remember: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
}

export type SessionVerdict = 'expired' | 'valid' | 'valid-touch';

/** Whether a stored session still counts at `now`, and whether its activity should be saved. */
export function judgeSession(session: SessionTimes, now: Date, staff = false): SessionVerdict {
  const at = now.getTime();
  if (at >= session.expiresAt.getTime()) return 'expired';
  const idleFor = at - session.lastSeenAt.getTime();
  if (idleFor >= timeoutsFor(session.remember, staff).idleMs) return 'expired';
  return idleFor >= TOUCH_INTERVAL_MS ? 'valid-touch' : 'valid';
}
