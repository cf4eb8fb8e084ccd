import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/rate-limits';
import {
  assertWindow,
  firstHit,
  nextHit,
  nowMsSql,
  type RateLimitClock,
} from '../../plugins/rate-limit';

/**
 * Failed sign-in counters, in the rate_limits table every server process shares (decision
 * docs/decisions/004-shared-state-in-the-database.md): fixed windows timed by the database
 * clock, like plugins/rate-limit.ts, plus what sign-in needs on top of a plain counter, which is
 * to take back an attempt that turned out not to be a failure. An attempt is counted before
 * its password is checked (so a burst of parallel guesses cannot all slip under a limit) and
 * handed back when it succeeds or is refused.
 */

export interface CounterWindow {
  key: string;
  windowMs: number;
}

export interface Reservation {
  key: string;
  /** Attempts in the current window, this one and those still being checked included. */
  count: number;
  windowStart: Date;
  retryAfterSeconds: number;
}

export class LoginCounters {
  /** `clock` replaces the database clock (tests only, like the rate limiter's). */
  constructor(
    private readonly db: Database,
    private readonly clock?: RateLimitClock,
  ) {}

  /** Counts one attempt under every key, in one statement; answers each key's window. */
  async reserve(windows: readonly CounterWindow[]): Promise<Map<string, Reservation>> {
    for (const { windowMs } of windows) assertWindow(windowMs, 'Sign-in');
    // Rows are locked in key order by every caller, so two attempts never wait on each other
    // in a cycle (PostgreSQL would abort one of them as a deadlock).
    const sorted = [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const nowMs = nowMsSql(this.clock);
    const rows = await this.db
      .insert(rateLimits)
      .values(sorted.map(({ key, windowMs }) => firstHit(key, windowMs, nowMs)))
      .onConflictDoUpdate(nextHit)
      .returning({
        key: rateLimits.key,
        count: rateLimits.count,
        windowStart: rateLimits.windowStart,
        nowMs: sql<number>`${nowMs}`,
      });
    const widths = new Map(windows.map(({ key, windowMs }) => [key, windowMs]));
    return new Map(
      rows.map((row) => {
        const endMs = row.windowStart.getTime() + (widths.get(row.key) ?? 0);
        const retryAfterSeconds = Math.max(1, Math.ceil((endMs - Number(row.nowMs)) / 1000));
        const reservation = {
          key: row.key,
          count: row.count,
          windowStart: row.windowStart,
          retryAfterSeconds,
        };
        return [row.key, reservation];
      }),
    );
  }

  /**
   * Hands attempts back. Only the window they were counted in is touched: once it has ended,
   * the attempt no longer weighs on anything. One statement per key, each locking one row.
   */
  async release(reservations: Iterable<Reservation>): Promise<void> {
    await Promise.all(
      [...reservations].map(({ key, windowStart }) =>
        this.db
          .update(rateLimits)
          .set({ count: sql`${rateLimits.count} - 1` })
          .where(
            and(
              eq(rateLimits.key, key),
              eq(rateLimits.windowStart, windowStart),
              gt(rateLimits.count, 0),
            ),
          ),
      ),
    );
  }

  /** Forgets keys altogether, one statement per key. */
  async forget(keys: Iterable<string>): Promise<void> {
    await Promise.all(
      [...keys].map((key) => this.db.delete(rateLimits).where(eq(rateLimits.key, key))),
    );
  }
}
