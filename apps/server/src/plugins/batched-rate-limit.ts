import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';
import { assertWindow, databaseNowMs, firstHit, type RateLimitResult } from './rate-limit';

/**
 * Rate limits for a hot path (docs/decisions/019-validate-hot-path.md): hits are counted in
 * this process's memory and decided at once, and the counts go to the shared `rate_limits`
 * rows in one statement per second, which answers each row's total across processes. A
 * process thus refuses as soon as its own count, plus what the others had counted at the last
 * exchange, passes the limit: N processes overshoot by at most what they receive in that
 * second, where counting in the database would cost a write on every request.
 */

interface Counter {
  /** The total of the shared row at the last exchange (every process's hits). */
  known: number;
  /** Hits of this process not yet written. */
  pending: number;
  /** When the current window ends, on this process's clock (from the database's answer). */
  windowEndsAt: number;
}

export class BatchedRateLimiter {
  private readonly counters = new Map<string, Counter>();
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly windowMs: number,
    /** RATE_LIMIT_MULTIPLIER: raises every maximum for load tests. */
    private readonly multiplier = 1,
    private readonly nowMs: () => number = Date.now,
  ) {
    assertWindow(windowMs, 'Rate limit');
  }

  private counter(key: string, now: number): Counter {
    let counter = this.counters.get(key);
    if (!counter || now >= counter.windowEndsAt) {
      // A new window: what was counted before belongs to the last one (its pending hits are
      // still written at the next exchange, into the window the database is in by then).
      const windowEndsAt = (Math.floor(now / this.windowMs) + 1) * this.windowMs;
      counter = { known: 0, pending: counter?.pending ?? 0, windowEndsAt };
      this.counters.set(key, counter);
    }
    return counter;
  }

  /** Counts one hit on each key; the first one over its own maximum refuses, with its wait. */
  hit(hits: readonly { key: string; max: number }[]): RateLimitResult {
    const now = this.nowMs();
    let result: RateLimitResult = { allowed: true, count: 0, retryAfterSeconds: 1 };
    for (const { key, max } of hits) {
      const counter = this.counter(key, now);
      counter.pending += 1;
      const count = counter.known + counter.pending;
      const retryAfterSeconds = Math.max(1, Math.ceil((counter.windowEndsAt - now) / 1000));
      if (result.allowed && count > max * this.multiplier) {
        result = { allowed: false, count, retryAfterSeconds };
      } else if (result.allowed) {
        result = { allowed: true, count: Math.max(result.count, count), retryAfterSeconds };
      }
    }
    return result;
  }

  /**
   * Writes the hits counted since the last exchange, adding them to the shared rows, and
   * takes back each row's total. Counters of ended windows with nothing to write are dropped.
   * One exchange at a time; a failed one keeps its hits for the next.
   */
  flush(): Promise<void> {
    this.flushing ??= this.exchange().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async exchange(): Promise<void> {
    const now = this.nowMs();
    const deltas = new Map<string, number>();
    for (const [key, counter] of this.counters) {
      if (counter.pending > 0) {
        deltas.set(key, counter.pending);
        counter.pending = 0;
      } else if (now >= counter.windowEndsAt) {
        this.counters.delete(key);
      }
    }
    if (deltas.size === 0) return;
    try {
      const rows = await this.db
        .insert(rateLimits)
        .values([...deltas].map(([key, count]) => ({ ...firstHit(key, this.windowMs), count })))
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.count} + excluded.count ELSE excluded.count END`,
            windowStart: sql`GREATEST(${rateLimits.windowStart}, excluded.window_start)`,
          },
        })
        .returning({
          key: rateLimits.key,
          count: rateLimits.count,
          remainingMs: sql<number>`(extract(epoch from ${rateLimits.windowStart})::double precision * 1000 + ${this.windowMs}::double precision - ${databaseNowMs})`,
        });
      const after = this.nowMs();
      for (const row of rows) {
        const counter = this.counters.get(row.key);
        if (!counter) continue;
        counter.known = row.count;
        counter.windowEndsAt = after + Math.max(0, Number(row.remainingMs));
      }
    } catch (error) {
      // Not lost: counted again at the next exchange.
      for (const [key, count] of deltas) {
        const counter = this.counters.get(key);
        if (counter) counter.pending += count;
      }
      throw error;
    }
  }
}
