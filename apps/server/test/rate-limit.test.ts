import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/rate-limits';
import { RateLimiter } from '../src/plugins/rate-limit';
import { buildTestApp, type TestApp } from './helper';
import { movableClock, nextWindowStart } from './support/test-clock';

describe('database-backed rate limiter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.get(
          '/api/test/limited',
          { onRequest: app.rateLimiter.hook({ name: 'test-limited', max: 2, windowMs: 60_000 }) },
          () => ({ success: true }),
        );
      },
    });
  });
  afterAll(async () => t.close());

  it('counts atomically under concurrency: no two hits get the same number', async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.app.rateLimiter.hit('test:concurrent', { max: 20, windowMs: 60_000 }),
      ),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:concurrent'));
    expect(row?.count).toBe(25);
  });

  it('starts again at 1 in a new window', async () => {
    await t.app.rateLimiter.hit('test:window', { max: 1, windowMs: 60_000 });
    expect((await t.app.rateLimiter.hit('test:window', { max: 1, windowMs: 60_000 })).allowed).toBe(
      false,
    );
    // Move the stored window into the past, as if a minute had gone by.
    await t.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - interval '2 minutes'` })
      .where(eq(rateLimits.key, 'test:window'));
    const fresh = await t.app.rateLimiter.hit('test:window', { max: 1, windowMs: 60_000 });
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
  });

  it('times its windows by the clock it is given, so a test moves time instead of waiting', async () => {
    const clock = movableClock(nextWindowStart(new Date(), 60_000));
    const limiter = new RateLimiter(t.db, 1, clock.now);
    const rule = { max: 1, windowMs: 60_000 };
    expect(await limiter.hit('test:clock', rule)).toMatchObject({ allowed: true, count: 1 });
    expect(await limiter.hit('test:clock', rule)).toEqual({
      allowed: false,
      count: 2,
      retryAfterSeconds: 60,
    });
    clock.advance(59_000);
    expect(await limiter.peek('test:clock', rule)).toEqual({
      allowed: false,
      count: 2,
      retryAfterSeconds: 1,
    });
    clock.advance(1_000);
    expect((await limiter.peek('test:clock', rule)).allowed).toBe(true);
    expect(await limiter.hit('test:clock', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('gives the seconds left in the window', async () => {
    const result = await t.app.rateLimiter.hit('test:retry', { max: 1, windowMs: 10_000 });
    expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(result.retryAfterSeconds).toBeLessThanOrEqual(10);
  });

  it('refuses windows it could not keep', async () => {
    await expect(t.app.rateLimiter.hit('test:bad', { max: 1, windowMs: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(
      t.app.rateLimiter.hit('test:bad', { max: 1, windowMs: 2 * 86_400_000 }),
    ).rejects.toThrow(RangeError);
  });

  it('prunes counters whose window ended long ago, and only those', async () => {
    await t.app.rateLimiter.hit('test:stale', { max: 5, windowMs: 60_000 });
    await t.app.rateLimiter.hit('test:live', { max: 5, windowMs: 60_000 });
    await t.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '2 days'` })
      .where(eq(rateLimits.key, 'test:stale'));
    expect(await t.app.rateLimiter.prune()).toBe(1);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (row) => row.key,
    );
    expect(keys).toContain('test:live');
    expect(keys).not.toContain('test:stale');
  });

  it('answers 429 from a route hook, keyed by client IP', async () => {
    const call = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/test/limited', remoteAddress });
    expect((await call('198.51.100.7')).statusCode).toBe(200);
    expect((await call('198.51.100.7')).statusCode).toBe(200);
    const limited = await call('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json<{ success: boolean; message: string }>()).toMatchObject({ success: false });
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Trop de requêtes, réessayez dans \d+ secondes\.$/,
    );
    expect((await call('198.51.100.8')).statusCode).toBe(200);
  });
});
