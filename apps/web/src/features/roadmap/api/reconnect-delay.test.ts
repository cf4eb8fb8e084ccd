import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('doubles from one second up to the cap', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 10].map((attempt) => reconnectDelay(attempt, middle))).toEqual([
      750, 1500, 3000, 6000, 7500, 7500,
    ]);
  });

  it('always stays within half a step and a step, never above the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (n, r) => {
          const delay = reconnectDelay(n, () => r);
          const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** n);
          expect(delay).toBeGreaterThanOrEqual(step / 2);
          expect(delay).toBeLessThanOrEqual(step);
        },
      ),
    );
  });
});
