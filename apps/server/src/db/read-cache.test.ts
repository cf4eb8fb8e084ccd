import { describe, expect, it, vi } from 'vitest';
import type { Database } from './client';
import { createReadCache, onReadCacheRefreshFailed, STALE_SERVE_LIMIT_MS } from './read-cache';

// Only the identity of the database matters to the cache.
const dbA = {} as Database;
const dbB = {} as Database;

/** A load whose reads the test answers one by one. */
function heldReads<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<T>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { load, pending };
}

/** A cache over held reads whose first read, at time 0, has answered 'v1'. */
async function cacheHoldingV1() {
  const { load, pending } = heldReads<string>();
  const cache = createReadCache('test value', 1000, load);
  const first = cache.get(dbA, 0);
  pending[0]?.resolve('v1');
  expect(await first).toBe('v1');
  return { cache, pending };
}

type Held = Awaited<ReturnType<typeof cacheHoldingV1>>;

/**
 * Fails refresh read number `index` of a cache holding 'v1', then waits until a reader at `now`
 * still gets 'v1' and has started the next read.
 */
async function failRefresh({ cache, pending }: Held, index: number, now: number, error: string) {
  pending[index]?.reject(new Error(error));
  await vi.waitFor(async () => {
    expect(await cache.get(dbA, now)).toBe('v1');
    expect(pending).toHaveLength(index + 2);
  });
}

describe('createReadCache', () => {
  it('reads once for concurrent requests, again after invalidation', async () => {
    let reads = 0;
    const cache = createReadCache('test value', 1000, () => Promise.resolve(++reads));
    expect(await Promise.all([cache.get(dbA, 0), cache.get(dbA, 0), cache.get(dbA, 10)])).toEqual([
      1, 1, 1,
    ]);
    expect(await cache.get(dbB, 10)).toBe(2);
    cache.invalidate();
    expect(await cache.get(dbA, 20)).toBe(3);
    expect(await cache.get(dbA, 999)).toBe(3);
  });

  it('serves an expired value at once while one read refreshes it', async () => {
    const { cache, pending } = await cacheHoldingV1();

    // Expired: every reader gets the last value without waiting, and one read is started.
    expect(await Promise.all([cache.get(dbA, 1001), cache.get(dbA, 1500)])).toEqual(['v1', 'v1']);
    expect(pending).toHaveLength(2);
    pending[1]?.resolve('v2');
    await vi.waitFor(async () => expect(await cache.get(dbA, 1600)).toBe('v2'));
    // The refreshed value counts its delay from the read that started it.
    expect(await cache.get(dbA, 2000)).toBe('v2');
    expect(pending).toHaveLength(2);
  });

  it('keeps serving the last value while refreshes fail, each failure tried again', async () => {
    const held = await cacheHoldingV1();
    const { cache, pending } = held;

    expect(await cache.get(dbA, 1001)).toBe('v1');
    await failRefresh(held, 1, 1002, 'database down');
    pending[2]?.resolve('v2');
    await vi.waitFor(async () => expect(await cache.get(dbA, 1003)).toBe('v2'));
  });

  it('tells the first failed refresh of a run once, with the cache and database', async () => {
    const failures: { cache: string; db: unknown; error: unknown }[] = [];
    const stop = onReadCacheRefreshFailed((failure) => failures.push(failure));
    try {
      const held = await cacheHoldingV1();
      expect(await held.cache.get(dbA, 1001)).toBe('v1');
      await failRefresh(held, 1, 1002, 'database down');
      await failRefresh(held, 2, 1003, 'still down');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ cache: 'test value', db: dbA });
      expect(String(failures[0]?.error)).toContain('database down');
    } finally {
      stop();
    }
    // Once stopped, a listener hears nothing more.
    const held = await cacheHoldingV1();
    expect(await held.cache.get(dbA, 1001)).toBe('v1');
    await failRefresh(held, 1, 1002, 'database down');
    expect(failures).toHaveLength(1);
  });

  it('makes readers wait for a new read once the value is too old to serve', async () => {
    const { cache, pending } = await cacheHoldingV1();

    const late = cache.get(dbA, 1000 + STALE_SERVE_LIMIT_MS);
    pending[1]?.reject(new Error('database down'));
    await expect(late).rejects.toThrow('database down');
  });

  it('never serves an invalidated value, nor keeps a refresh begun before the change', async () => {
    const { cache, pending } = await cacheHoldingV1();

    expect(await cache.get(dbA, 1001)).toBe('v1');
    cache.invalidate();
    const afterChange = cache.get(dbA, 1002);
    pending[2]?.resolve('v3');
    expect(await afterChange).toBe('v3');
    pending[1]?.resolve('v2 (read before the change)');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get(dbA, 1003)).toBe('v3');
  });

  it('never keeps a failed read', async () => {
    let fail = true;
    const cache = createReadCache('test value', 1000, () =>
      fail ? Promise.reject(new Error('database down')) : Promise.resolve('ok'),
    );
    await expect(cache.get(dbA, 0)).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get(dbA, 1)).toBe('ok');
  });
});
