import { describe, expect, it } from 'vitest';
import {
  addDays,
  endOfShopDay,
  monthOf,
  shopDateTime,
  shopDay,
  startOfShopDay,
} from './paris-days';

describe('shop calendar days (Europe/Paris)', () => {
  it('reads the Paris day of an instant, not the UTC one', () => {
    expect(shopDay(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-02');
    expect(shopDay(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(shopDay(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  it('writes the Paris wall-clock time of an instant, in winter and in summer', () => {
    expect(shopDateTime(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-02 00:30');
    expect(shopDateTime(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14 23:59');
    expect(shopDateTime(new Date('2026-03-29T01:05:00Z'))).toBe('2026-03-29 03:05');
  });

  it('starts a day at Paris midnight, in winter, in summer and on DST changes', () => {
    expect(startOfShopDay('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfShopDay('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(startOfShopDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfShopDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfShopDay('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('ends a day at the last millisecond before the next Paris midnight', () => {
    expect(endOfShopDay('2027-01-31').toISOString()).toBe('2027-01-31T22:59:59.999Z');
    expect(endOfShopDay('2026-07-14').toISOString()).toBe('2026-07-14T21:59:59.999Z');
    // The night clocks go back lasts 25 hours: the day still ends at the next midnight.
    expect(endOfShopDay('2026-10-25').toISOString()).toBe('2026-10-25T22:59:59.999Z');
    expect(shopDay(endOfShopDay('2026-03-29'))).toBe('2026-03-29');
  });

  it('moves days and finds months', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(monthOf('2026-12-09')).toEqual({ start: '2026-12-01', next: '2027-01-01' });
    expect(monthOf('2026-02-28')).toEqual({ start: '2026-02-01', next: '2026-03-01' });
  });
});
