import { z } from 'zod';
import type { ViesConfig } from '../../config';

/*
 * A small typed client of the European Commission's VIES REST service
 * (docs/decisions/014-vies-and-promo-redemptions.md). POST { countryCode, vatNumber } to the
 * check-vat-number endpoint; the answer names the number valid or not, with a consultation
 * number (requestIdentifier) when the request named a requester. Any other outcome (time-out,
 * network error, a member state's register down, an answer of another shape) is `unavailable`:
 * the caller records the number as format-checked, never an error to the buyer.
 *
 * A member state whose check timed out or could not be reached is left alone for a minute: the
 * quotes and orders that follow answer at once (format-checked) instead of each waiting for the
 * time-out again, which matters most to a server with no way out to the internet.
 */

/** How long a member state is not asked again after a time-out or a network error. */
export const VIES_PAUSE_AFTER_FAILURE_MS = 60_000;

export type ViesAnswer =
  | { kind: 'valid'; consultationNumber: string | null }
  | { kind: 'invalid' }
  | { kind: 'unavailable'; reason: string };

/** The fields read from VIES's answer; everything else it sends (name, address) is ignored. */
const ViesResponseSchema = z.object({
  valid: z.boolean(),
  requestIdentifier: z.string().max(100).nullish(),
});

/** The part of `fetch` the client uses: tests and callers may pass their own. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export class ViesClient {
  /** Per VAT prefix, the time (ms since the epoch) before which VIES is not asked. */
  private readonly pausedUntil = new Map<string, number>();

  constructor(
    private readonly config: ViesConfig,
    private readonly fetchImpl: Fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.config.enabled;
  }

  /**
   * Asks VIES about a number already checked offline: `prefix` is the VAT prefix ("EL" for
   * Greece), `national` the rest of the normalised number.
   */
  async check(prefix: string, national: string): Promise<ViesAnswer> {
    if (!this.config.enabled) return { kind: 'unavailable', reason: 'disabled' };
    if (this.now() < (this.pausedUntil.get(prefix) ?? 0)) {
      return { kind: 'unavailable', reason: 'paused after a failure' };
    }
    let response: Response;
    try {
      response = await this.fetchImpl(this.config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode: prefix, vatNumber: national }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      this.pausedUntil.set(prefix, this.now() + VIES_PAUSE_AFTER_FAILURE_MS);
      return { kind: 'unavailable', reason: timedOut ? 'timeout' : 'network' };
    }
    // VIES answers its own failures (a member state down, too many requests) with an error status.
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'unavailable', reason: `status ${response.status}` };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { kind: 'unavailable', reason: 'unreadable answer' };
    }
    const parsed = ViesResponseSchema.safeParse(body);
    if (!parsed.success) return { kind: 'unavailable', reason: 'unexpected answer' };
    this.pausedUntil.delete(prefix);
    return parsed.data.valid
      ? { kind: 'valid', consultationNumber: parsed.data.requestIdentifier || null }
      : { kind: 'invalid' };
  }
}
