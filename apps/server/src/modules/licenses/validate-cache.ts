/**
 * Validate answers kept in this process for a few seconds (docs/quality.md 'API'): the call
 * every installation makes daily, often several at once from one agency's servers, reads a
 * licence that changes rarely. An answer is keyed by licence key, instance and language, and
 * reused while the licences clock has moved less than `ttlMs` since it was built (a clock
 * moved in tests, or a day passing, never serves an old status). This process drops a key's
 * answers at once when it activates or deactivates an installation of it or staff change the
 * licence here; a staff change made in another process drops them all through that process's
 * announcement (docs/decisions/030-staff-catalogue-and-licences.md); a renewal shows within `ttlMs`.
 */
export class ValidateCache<T> {
  private readonly entries = new Map<string, { builtAt: number; value: T }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  private static keyOf(licenseKey: string, rest: string): string {
    return `${licenseKey}\u0000${rest}`;
  }

  get(licenseKey: string, rest: string, nowMs: number): T | undefined {
    const key = ValidateCache.keyOf(licenseKey, rest);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = nowMs - entry.builtAt;
    if (age >= 0 && age < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(licenseKey: string, rest: string, nowMs: number, value: T): void {
    const key = ValidateCache.keyOf(licenseKey, rest);
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // The oldest insertion goes first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { builtAt: nowMs, value });
  }

  /** Drops every answer about `licenseKey` (an installation of it changed here). */
  forget(licenseKey: string): void {
    const prefix = `${licenseKey}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Drops every answer (a licence changed in another process, which did not say which). */
  clear(): void {
    this.entries.clear();
  }
}
