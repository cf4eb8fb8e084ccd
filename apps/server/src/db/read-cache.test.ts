import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createReadCache } from './read-cache';

// Only the identity of the database matters to the cache.
const dbA = {} as Database;
const dbB = {} as Database;

describe('createReadCache', () => {
  it('reads once for concurrent requests, again after invalidation or expiry', async () => {
    let reads = 0;
    const cache = createReadCache(1000, () => Promise.resolve(++reads));
    expect(await Promise.all([cache.get(dbA, 0), cache.get(dbA, 0), cache.get(dbA, 10)])).toEqual([
      1, 1, 1,
    ]);
    expect(await cache.get(dbB, 10)).toBe(2);
    cache.invalidate();
    expect(await cache.get(dbA, 20)).toBe(3);
    expect(await cache.get(dbA, 999)).toBe(3);
    expect(await cache.get(dbA, 1020)).toBe(4);
  });

  it('never keeps a failed read', async () => {
    let fail = true;
    const cache = createReadCache(1000, () =>
      fail ? Promise.reject(new Error('database down')) : Promise.resolve('ok'),
    );
    await expect(cache.get(dbA, 0)).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get(dbA, 1)).toBe('ok');
  });
});
