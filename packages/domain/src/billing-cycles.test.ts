import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translateMessage } from './messages';
import {
  BILLING_CYCLES,
  CYCLE_MONTHS,
  addCycle,
  cycleLabelKey,
  selectDefaultCycle,
  sortCycles,
} from './billing-cycles';
import { BillingCycleSchema } from './wire-schemas';

describe('billing cycles', () => {
  it('knows every cycle and its length', () => {
    expect(BILLING_CYCLES).toEqual([
      'monthly',
      'quarterly',
      'semi_annually',
      'annually',
      'biennially',
      'triennially',
      'one_time',
    ]);
    expect(CYCLE_MONTHS.semi_annually).toBe(6);
    expect(CYCLE_MONTHS.triennially).toBe(36);
    expect(CYCLE_MONTHS.one_time).toBeNull();
    expect(BillingCycleSchema.safeParse('weekly').success).toBe(false);
  });

  it('has a label in both languages for every cycle', () => {
    for (const cycle of BILLING_CYCLES) {
      const key = cycleLabelKey(cycle);
      expect(translateMessage(key, 'fr')).not.toBe(key);
      expect(translateMessage(key, 'en')).not.toBe(key);
    }
    expect(translateMessage(cycleLabelKey('annually'), 'fr')).toBe('Annuel');
  });

  it('selects annually by default, else the first available', () => {
    expect(selectDefaultCycle(['monthly', 'annually'])).toBe('annually');
    expect(selectDefaultCycle(['quarterly', 'monthly'])).toBe('quarterly');
    expect(selectDefaultCycle([])).toBeNull();
  });

  it('sorts and deduplicates cycles in display order', () => {
    expect(sortCycles(['one_time', 'annually', 'monthly', 'annually'])).toEqual([
      'monthly',
      'annually',
      'one_time',
    ]);
  });
});

describe('addCycle', () => {
  const at = (iso: string) => new Date(iso);

  it.each([
    ['2026-01-15T10:30:00Z', 'monthly', '2026-02-15T10:30:00.000Z'],
    ['2026-01-31T00:00:00Z', 'monthly', '2026-02-28T00:00:00.000Z'],
    ['2028-01-31T00:00:00Z', 'monthly', '2028-02-29T00:00:00.000Z'],
    ['2026-11-30T00:00:00Z', 'quarterly', '2027-02-28T00:00:00.000Z'],
    ['2026-08-31T00:00:00Z', 'semi_annually', '2027-02-28T00:00:00.000Z'],
    ['2028-02-29T12:00:00Z', 'annually', '2029-02-28T12:00:00.000Z'],
    ['2026-05-10T00:00:00Z', 'biennially', '2028-05-10T00:00:00.000Z'],
    ['2026-05-10T00:00:00Z', 'triennially', '2029-05-10T00:00:00.000Z'],
  ] as const)('%s + %s = %s', (start, cycle, expected) => {
    expect(addCycle(at(start), cycle)?.toISOString()).toBe(expected);
  });

  it('gives no expiry for one_time and refuses invalid dates', () => {
    expect(addCycle(at('2026-01-01T00:00:00Z'), 'one_time')).toBeNull();
    expect(() => addCycle(new Date(Number.NaN), 'monthly')).toThrow(RangeError);
  });

  it('always moves forward by the right number of months without changing the input', () => {
    const renewable = BILLING_CYCLES.filter((c) => c !== 'one_time');
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...renewable),
        (start, cycle) => {
          const before = start.getTime();
          const end = addCycle(start, cycle)!;
          expect(start.getTime()).toBe(before);
          expect(end.getTime()).toBeGreaterThan(before);
          const months =
            (end.getUTCFullYear() - start.getUTCFullYear()) * 12 +
            end.getUTCMonth() -
            start.getUTCMonth();
          expect(months).toBe(CYCLE_MONTHS[cycle]);
          expect(end.getUTCDate()).toBeLessThanOrEqual(start.getUTCDate());
        },
      ),
    );
  });
});
