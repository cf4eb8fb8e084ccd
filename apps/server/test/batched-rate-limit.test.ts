import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/rate-limits';
import { BatchedRateLimiter } from '../src/plugins/batched-rate-limit';
import { suiteFixture, buildTestApp } from './helper';

/**
 * The licence API's limits (docs/decisions/019-validate-hot-path.md): decided in memory at
 * once, shared through the database at each exchange, so two processes see each other's hits.
 */

const t = suiteFixture(() => buildTestApp({ seed: false }));
const MINUTE = 60_000;
const rowOf = async (key: string) =>
  (await t.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];

describe('a rate limit counted in memory and exchanged through the database', () => {
  it('refuses past the maximum at once, before any exchange, with the wait', async () => {
    const limiter = new BatchedRateLimiter(t.db, MINUTE);
    const hits = Array.from({ length: 4 }, () => limiter.hit([{ key: 'solo', max: 3 }]));
    expect(hits.map((hit) => hit.allowed)).toEqual([true, true, true, false]);
    expect(hits[3]?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(hits[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await rowOf('solo')).toBeUndefined();
    await limiter.flush();
    expect((await rowOf('solo'))?.count).toBe(4);
  });

  it('adds the hits of two processes in the shared row and refuses on the total', async () => {
    const a = new BatchedRateLimiter(t.db, MINUTE);
    const b = new BatchedRateLimiter(t.db, MINUTE);
    for (let i = 0; i < 20; i += 1) expect(a.hit([{ key: 'shared', max: 30 }]).allowed).toBe(true);
    await a.flush();
    for (let i = 0; i < 10; i += 1) expect(b.hit([{ key: 'shared', max: 30 }]).allowed).toBe(true);
    await b.flush();
    expect((await rowOf('shared'))?.count).toBe(30);
    // b now knows the 30 hits of both: the next one is over.
    expect(b.hit([{ key: 'shared', max: 30 }]).allowed).toBe(false);
    // a learns the others' hits at its next exchange: until then it may let one more through
    // (the bounded overshoot of the decision), never after.
    expect(a.hit([{ key: 'shared', max: 30 }]).allowed).toBe(true);
    await a.flush();
    expect(a.hit([{ key: 'shared', max: 30 }]).allowed).toBe(false);
    await Promise.all([a.flush(), b.flush()]);
    expect((await rowOf('shared'))?.count).toBe(33);
  });

  it('refuses on the first key over its own maximum, counting every key', async () => {
    const limiter = new BatchedRateLimiter(t.db, MINUTE);
    limiter.hit([
      { key: 'address', max: 100 },
      { key: 'key', max: 1 },
    ]);
    const second = limiter.hit([
      { key: 'address', max: 100 },
      { key: 'key', max: 1 },
    ]);
    expect(second).toMatchObject({ allowed: false, count: 2 });
    await limiter.flush();
    expect((await rowOf('address'))?.count).toBe(2);
  });

  it('starts a new window with nothing known once the last one ended', async () => {
    let now = Date.now();
    const limiter = new BatchedRateLimiter(t.db, MINUTE, 1, () => now);
    expect(limiter.hit([{ key: 'windowed', max: 1 }]).allowed).toBe(true);
    expect(limiter.hit([{ key: 'windowed', max: 1 }]).allowed).toBe(false);
    now += 2 * MINUTE;
    expect(limiter.hit([{ key: 'windowed', max: 1 }]).allowed).toBe(false);
    await limiter.flush();
    now += 2 * MINUTE;
    expect(limiter.hit([{ key: 'windowed', max: 1 }]).allowed).toBe(true);
  });
});
