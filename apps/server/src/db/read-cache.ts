import type { Database } from './client';

/**
 * A value read from the database and kept in this process's memory (the catalogue, the
 * public roadmap): at most one read in flight however many requests ask at once, dropped
 * by `invalidate()` when this process (or an event from another one) says it changed, and
 * expiring after `ttlMs` in any case, so an edit made behind the server's back shows within
 * that delay (plus the time of one read). Keyed by database so apps built on different
 * databases (tests) never share.
 *
 * A value that expired by time alone is still served while one read refreshes it
 * (stale-while-revalidate), for at most STALE_SERVE_LIMIT_MS past its expiry. Without this,
 * every reader waited for the reload each time the value expired, and under load that reload
 * queued behind the orders on the database's connections: cached public answers that take a
 * few milliseconds took seconds, every five seconds (docs/quality.md 'Reliability'). A value
 * dropped by `invalidate()` is never served again: readers wait for the new one.
 */
export interface ReadCache<T> {
  get(db: Database, now?: number): Promise<T>;
  invalidate(): void;
}

/** How long past its expiry a value is served while it is being read again. */
export const STALE_SERVE_LIMIT_MS = 60_000;

interface Entry<T> {
  generation: number;
  expiresAt: number;
  value: Promise<T>;
  /** Once the value has been read: only a value in hand is served stale. */
  ready: boolean;
  /** The read that refreshes this expired entry, while under way. */
  refreshing?: Promise<void>;
  /** Whether a refresh of this entry has failed: only the first failure of a run is told. */
  refreshFailed?: boolean;
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

type RefreshFailureListener = (failure: { cache: string; db: Database; error: unknown }) => void;
const refreshFailureListeners = new Set<RefreshFailureListener>();

/**
 * Called when a refresh of an expired value fails while the last value is still served: no
 * request sees that failure, so without this it would go unseen until readers get 503s. Told
 * once per run of failures of a value (an outage would otherwise tell it on every request).
 * Returns the way to stop.
 */
export function onReadCacheRefreshFailed(listener: RefreshFailureListener): () => void {
  refreshFailureListeners.add(listener);
  return () => refreshFailureListeners.delete(listener);
}

/** `name` says which value in what is told of a failed refresh. */
export function createReadCache<T>(
  name: string,
  ttlMs: number,
  load: (db: Database) => Promise<T>,
): ReadCache<T> {
  const entries = new WeakMap<Database, Entry<T>>();
  let generation = 0;

  const readAfresh = async (db: Database, now: number): Promise<T> => {
    // The generation is taken before the read: a change committed while it runs makes this
    // entry stale at once rather than kept for the whole delay.
    const entry: Entry<T> = { generation, expiresAt: now + ttlMs, value: load(db), ready: false };
    entries.set(db, entry);
    try {
      const value = await entry.value;
      entry.ready = true;
      return value;
    } catch (error) {
      // A failed read must not be served from memory to the next requests.
      if (entries.get(db) === entry) entries.delete(db);
      throw error;
    }
  };

  const refresh = (db: Database, stale: Entry<T>, now: number): Promise<void> => {
    const startedIn = generation;
    return load(db).then(
      (value) => {
        // Kept unless the value was dropped or replaced while it was being read.
        if (entries.get(db) !== stale || generation !== startedIn) return;
        entries.set(db, {
          generation: startedIn,
          expiresAt: now + ttlMs,
          value: Promise.resolve(value),
          ready: true,
        });
      },
      (error: unknown) => {
        // The stale value is still served and the next reader tries again; once it is past
        // STALE_SERVE_LIMIT_MS, readers wait for a read and get its error (a 503) themselves.
        stale.refreshing = undefined;
        if (stale.refreshFailed) return;
        stale.refreshFailed = true;
        for (const listener of refreshFailureListeners) listener({ cache: name, db, error });
      },
    );
  };

  return {
    get(db, now = Date.now()) {
      const cached = entries.get(db);
      if (cached && cached.generation === generation) {
        if (cached.expiresAt > now) return cached.value;
        if (cached.ready && now - cached.expiresAt < STALE_SERVE_LIMIT_MS) {
          cached.refreshing ??= refresh(db, cached, now);
          return cached.value;
        }
      }
      return readAfresh(db, now);
    },
    invalidate() {
      generation += 1;
      for (const listener of invalidationListeners) listener();
    },
  };
}
