import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';
import { HttpError } from '../http/http-error';
import { runPeriodically } from './periodic-task';

/**
 * Rate limits shared by every server process (docs/decisions/004-shared-state-in-the-database.md):
 * fixed windows counted in the rate_limits table with one atomic upsert, timed by the database
 * clock so processes on different machines agree on window boundaries. In-memory counters would let
 * N processes accept N times the limit.
 */

export interface RateLimitRule {
  /** Stable name of the limit; part of the row key, so two limits never share a counter. */
  name: string;
  max: number;
  windowMs: number;
  /** Who is counted; the client IP by default (request.ip honours TRUST_PROXY). */
  keyFor?: (request: FastifyRequest) => string;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Windows longer than this would be pruned while still running. */
export const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** The database clock in milliseconds: processes on different machines agree on windows. */
export const databaseNowMs = sql`(extract(epoch from clock_timestamp())::double precision * 1000)`;

/**
 * The clock of the windows when it is not the database's: tests give one they move, so a test
 * crosses into the next window by moving it rather than by sleeping. Production passes none.
 */
export type RateLimitClock = () => Date;

/** "Now" in milliseconds as SQL: the given clock's reading, else the database clock. */
export const nowMsSql = (clock?: RateLimitClock): SQL =>
  clock ? sql`${clock().getTime()}::double precision` : databaseNowMs;

/** Refuses a window that pruning would cut short; `what` names the limit in the error. */
export function assertWindow(windowMs: number, what: string): void {
  if (!(windowMs > 0 && windowMs <= MAX_WINDOW_MS)) {
    throw new RangeError(`${what} window must be within (0, ${MAX_WINDOW_MS}] ms`);
  }
}

/** A counter row's first hit: the start of the fixed window of `windowMs` that holds now. */
export function firstHit(key: string, windowMs: number, nowMs: SQL = databaseNowMs) {
  const width = sql`${windowMs}::double precision`;
  return {
    key,
    windowStart: sql`to_timestamp(floor(${nowMs} / ${width}) * ${width} / 1000)`,
    count: 1,
  };
}

/** The upsert of a hit on an existing row: same window, one more; a newer window, 1 again. */
export const nextHit = {
  target: rateLimits.key,
  set: {
    count: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.count} + 1 ELSE 1 END`,
    windowStart: sql`GREATEST(${rateLimits.windowStart}, excluded.window_start)`,
  },
};

export class RateLimiter {
  /**
   * `multiplier` raises every max for load tests (RATE_LIMIT_MULTIPLIER); 1 otherwise. `clock`
   * replaces the database clock (tests only).
   */
  constructor(
    private readonly db: Database,
    private readonly multiplier = 1,
    readonly clock?: RateLimitClock,
  ) {}

  /** Counts one hit for `key` and says whether it is within `max` for the current window. */
  async hit(key: string, rule: { max: number; windowMs: number }): Promise<RateLimitResult> {
    assertWindow(rule.windowMs, 'Rate limit');
    const nowMs = nowMsSql(this.clock);
    const [row] = await this.db
      .insert(rateLimits)
      .values(firstHit(key, rule.windowMs, nowMs))
      .onConflictDoUpdate(nextHit)
      .returning({
        count: rateLimits.count,
        remainingMs: sql<number>`(extract(epoch from ${rateLimits.windowStart})::double precision * 1000 + ${rule.windowMs}::double precision - ${nowMs})`,
      });
    if (!row) throw new Error('rate limit upsert returned no row');
    return {
      allowed: row.count <= rule.max * this.multiplier,
      count: row.count,
      retryAfterSeconds: Math.max(1, Math.ceil(Number(row.remainingMs) / 1000)),
    };
  }

  /**
   * Reads `key`'s counter without counting a hit: for limits counted only on some outcomes (an
   * unknown promo code), checked before the request does anything.
   */
  async peek(key: string, rule: { max: number; windowMs: number }): Promise<RateLimitResult> {
    assertWindow(rule.windowMs, 'Rate limit');
    const nowMs = nowMsSql(this.clock);
    const current = firstHit(key, rule.windowMs, nowMs).windowStart;
    const [row] = await this.db
      .select({
        count: rateLimits.count,
        remainingMs: sql<number>`(extract(epoch from ${rateLimits.windowStart})::double precision * 1000 + ${rule.windowMs}::double precision - ${nowMs})`,
      })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), sql`${rateLimits.windowStart} >= ${current}`));
    const count = row?.count ?? 0;
    return {
      allowed: count < rule.max * this.multiplier,
      count,
      retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.remainingMs ?? 0) / 1000)),
    };
  }

  /** Route hook: answers 429 with Retry-After once the rule's limit is exceeded. */
  hook(rule: RateLimitRule): onRequestAsyncHookHandler {
    return async (request) => {
      const who = rule.keyFor ? rule.keyFor(request) : request.ip;
      const result = await this.hit(`${rule.name}:${who}`, rule);
      if (!result.allowed) {
        throw new HttpError(429, 'server.rate_limited', {
          params: { seconds: result.retryAfterSeconds },
          headers: { 'retry-after': String(result.retryAfterSeconds) },
        });
      }
    };
  }

  /** Deletes counters whose window ended: cheap, indexed on window_start. */
  async prune(): Promise<number> {
    const deleted = await this.db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, sql`now() - ${MAX_WINDOW_MS / 1000} * interval '1 second'`))
      .returning({ key: rateLimits.key });
    return deleted.length;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitPluginOptions {
  /** The windows' clock in tests (buildApp's `now`); the database clock otherwise. */
  clock?: RateLimitClock;
}

function rateLimitPlugin(
  app: FastifyInstance,
  options: RateLimitPluginOptions,
  done: (error?: Error) => void,
): void {
  const multiplier = app.config.rateLimitMultiplier;
  const limiter = new RateLimiter(app.db, multiplier, options.clock);
  app.decorate('rateLimiter', limiter);
  if (multiplier !== 1) {
    app.log.warn(
      { rateLimitMultiplier: multiplier },
      'rate limits raised by RATE_LIMIT_MULTIPLIER: a load-test setting, not for real traffic',
    );
  }

  runPeriodically(app, PRUNE_EVERY_MS, 'rate limit pruning failed', () => limiter.prune());
  done();
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['db'], fastify: '5.x' });
