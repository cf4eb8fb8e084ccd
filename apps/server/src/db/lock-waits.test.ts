import { describe, expect, it } from 'vitest';
import { boundLockWaits, isLockTimeout, retryOnLockTimeout } from './lock-waits';

const lockTimeout = () =>
  Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });

describe('bounded lock waits', () => {
  it('recognises PostgreSQL giving up a lock wait, also wrapped as Drizzle wraps it', () => {
    expect(isLockTimeout(lockTimeout())).toBe(true);
    expect(isLockTimeout(new Error('Failed query: insert …', { cause: lockTimeout() }))).toBe(true);
    expect(isLockTimeout(new Error('Query read timeout'))).toBe(false);
    expect(isLockTimeout(Object.assign(new Error('deadlock'), { code: '40P01' }))).toBe(false);
    expect(isLockTimeout('55P03')).toBe(false);
  });

  it('writes the limit in milliseconds, never zero (which would mean no limit)', () => {
    expect(boundLockWaits(3500)).toBe("set local lock_timeout = '3500ms'");
    expect(boundLockWaits(0)).toBe("set local lock_timeout = '1ms'");
  });

  it('runs a transaction again after a lock time-out, and only then', async () => {
    let runs = 0;
    const answer = await retryOnLockTimeout(() => {
      runs += 1;
      return runs < 3 ? Promise.reject(lockTimeout()) : Promise.resolve('paid');
    });
    expect({ answer, runs }).toEqual({ answer: 'paid', runs: 3 });

    let failing = 0;
    const wrong = new Error('violates check constraint');
    await expect(
      retryOnLockTimeout(() => {
        failing += 1;
        return Promise.reject(wrong);
      }),
    ).rejects.toBe(wrong);
    expect(failing).toBe(1);
  });

  it('gives up after its attempts and throws the last time-out', async () => {
    let runs = 0;
    await expect(
      retryOnLockTimeout(() => {
        runs += 1;
        return Promise.reject(lockTimeout());
      }, 2),
    ).rejects.toMatchObject({ code: '55P03' });
    expect(runs).toBe(2);
  });
});
