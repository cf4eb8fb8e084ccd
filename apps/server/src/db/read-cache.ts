import type { Database } from './client';

/**
 * A value read from the database and kept in this process's memory (catalogue, public
 * roadmap, VAT table): at most one read in flight however many requests ask at once, dropped
 * by `invalidate()` when this process (or an event from another one) says it changed, and
 * expiring after `ttlMs` in any case, so an edit made behind the server's back shows within
 * that delay. Keyed by database so apps built on different databases (tests) never share.
 */
export interface ReadCache<T> {
  get(db: Database, now?: number): Promise<T>;
  invalidate(): void;
}

interface Entry<T> {
  generation: number;
  expiresAt: number;
  value: Promise<T>;
}

const invalidationListeners = new Set<() => void>();

/**
 * Called whenever any read cache is dropped: what was built from their values (the pages
 * drawn on the server, src/web/ssr.ts) is dropped at the same moment. Returns the way to stop.
 */
export function onReadCacheInvalidated(listener: () => void): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

export function createReadCache<T>(
  ttlMs: number,
  load: (db: Database) => Promise<T>,
): ReadCache<T> {
  const entries = new WeakMap<Database, Entry<T>>();
  let generation = 0;
  return {
    async get(db, now = Date.now()) {
      const cached = entries.get(db);
      if (cached && cached.generation === generation && cached.expiresAt > now) return cached.value;
      // The generation is taken before the read: a change committed while it runs makes this
      // entry stale at once rather than kept for the whole delay.
      const entry: Entry<T> = { generation, expiresAt: now + ttlMs, value: load(db) };
      entries.set(db, entry);
      try {
        return await entry.value;
      } catch (error) {
        // A failed read must not be served from memory to the next requests.
        if (entries.get(db) === entry) entries.delete(db);
        throw error;
      }
    },
    invalidate() {
      generation += 1;
      for (const listener of invalidationListeners) listener();
    },
  };
}
