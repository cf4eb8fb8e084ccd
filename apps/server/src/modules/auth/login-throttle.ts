import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { RateLimitClock } from '../../plugins/rate-limit';
import { LoginCounters, type Reservation } from './login-counters';
import { loginSource } from './login-source';
import { emailKey, tooManyAttempts } from './rate-limits';

/**
 * Throttling of failed sign-ins, designed in docs/decisions/011-sign-in-throttling.md.
 * Only failures count. What blocks is always tied to the source of the failures, so nobody can
 * lock an account's owner out from another network:
 *   - one source on one address: growing blocks (four windows, each longer and looser);
 *   - one source on any addresses: one block, against spraying one password over many accounts;
 *   - every source on one address: never a block, a wait before the password is checked that
 *     grows with the failures, so a distributed attack is slowed and the owner still gets in.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const LOGIN_THROTTLE = {
  perSourceAndAddress: [
    { name: 'auth-fail-pair-1m', max: 5, windowMs: MINUTE },
    { name: 'auth-fail-pair-15m', max: 10, windowMs: 15 * MINUTE },
    { name: 'auth-fail-pair-1h', max: 20, windowMs: HOUR },
    { name: 'auth-fail-pair-1d', max: 40, windowMs: 24 * HOUR },
  ],
  perSource: { name: 'auth-fail-source', max: 30, windowMs: 15 * MINUTE },
  perAddress: {
    name: 'auth-fail-address',
    windowMs: HOUR,
    /** Failures in the window before any wait: more than one source can cause on its own. */
    slowAfter: 50,
    firstDelayMs: 1000,
    /** The wait doubles with every this many further failures… */
    doubleEvery: 50,
    /** …up to this: a slow sign-in, never a refused one. */
    maxDelayMs: 8000,
  },
} as const;

/**
 * The wait before checking a password at an address that already has `failures` failed
 * attempts in the current window. `multiplier` is RATE_LIMIT_MULTIPLIER (load tests only).
 */
export function addressDelayMs(failures: number, multiplier = 1): number {
  const { slowAfter, doubleEvery, firstDelayMs, maxDelayMs } = LOGIN_THROTTLE.perAddress;
  const beyond = failures - slowAfter * multiplier;
  if (beyond < 0) return 0;
  const doublings = Math.floor(beyond / (doubleEvery * multiplier));
  return Math.min(maxDelayMs, firstDelayMs * 2 ** doublings);
}

/** A sign-in whose password may now be checked; it counts as a failure unless told otherwise. */
interface LoginAttempt {
  /** Right password: this source starts afresh on this address, and the attempt is not counted. */
  succeeded(): Promise<void>;
  /** Neither success nor failure (the check itself broke): the attempt is not counted. */
  abandoned(): Promise<void>;
}

interface BlockingRule {
  key: string;
  max: number;
}

export class LoginThrottle {
  private readonly counters: LoginCounters;

  /** `multiplier` is RATE_LIMIT_MULTIPLIER: it raises every limit, for load tests only. */
  constructor(
    db: Database,
    private readonly multiplier = 1,
    clock?: RateLimitClock,
  ) {
    this.counters = new LoginCounters(db, clock);
  }

  /**
   * Runs `check` (the password verification) under the throttle: it throws the 429 instead
   * when the source is blocked, and waits first when the address is under attack. An undefined
   * result is a failure and stays counted; a result is a success; a thrown error counts nothing.
   */
  async attempt<T>(
    email: string,
    ip: string,
    log: FastifyBaseLogger,
    check: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const attempt = await this.begin(email, ip, log);
    let result: T | undefined;
    try {
      result = await check();
    } catch (error) {
      await attempt.abandoned().catch((releaseError: unknown) => {
        log.warn({ err: releaseError }, 'a sign-in attempt could not be handed back');
      });
      throw error;
    }
    if (result !== undefined) await attempt.succeeded();
    return result;
  }

  /**
   * Counts the attempt, then either throws the 429 (and hands the attempt back: a refused
   * attempt checked no password, so it is no failure) or waits as the address requires and
   * lets the password be checked. Known and unknown addresses go through the same steps.
   */
  private async begin(email: string, ip: string, log: FastifyBaseLogger): Promise<LoginAttempt> {
    const address = emailKey(email);
    const source = loginSource(ip);
    const { perSourceAndAddress, perSource, perAddress } = LOGIN_THROTTLE;
    const pairs = perSourceAndAddress.map((rule) => ({
      key: `${rule.name}:${address}:${source}`,
      max: rule.max,
      windowMs: rule.windowMs,
    }));
    const sourceKey = `${perSource.name}:${source}`;
    const addressKey = `${perAddress.name}:${address}`;
    const blocking: BlockingRule[] = [...pairs, { key: sourceKey, max: perSource.max }];

    const reserved = await this.counters.reserve([
      ...pairs,
      { key: sourceKey, windowMs: perSource.windowMs },
      { key: addressKey, windowMs: perAddress.windowMs },
    ]);
    const of = (key: string): Reservation => {
      const reservation = reserved.get(key);
      if (!reservation) throw new Error(`sign-in counter ${key} was not returned`);
      return reservation;
    };

    const exceeded = blocking.filter(({ key, max }) => of(key).count > max * this.multiplier);
    if (exceeded.length > 0) {
      await this.counters.release(reserved.values());
      throw tooManyAttempts(Math.max(...exceeded.map(({ key }) => of(key).retryAfterSeconds)));
    }

    const failures = of(addressKey).count - 1;
    const delayMs = addressDelayMs(failures, this.multiplier);
    if (delayMs > 0) {
      if (failures === perAddress.slowAfter * this.multiplier) {
        log.warn(
          { addressHash: address, failures },
          'many failed sign-ins at one address: every attempt there now waits before its check',
        );
      }
      await sleep(delayMs);
    }

    const uncounted = [of(sourceKey), of(addressKey)];
    return {
      succeeded: async () => {
        await Promise.all([
          this.counters.forget(pairs.map(({ key }) => key)),
          this.counters.release(uncounted),
        ]);
      },
      abandoned: () => this.counters.release(reserved.values()),
    };
  }
}
