import { afterEach, describe, expect, it, vi } from 'vitest';
import { today } from './format';

describe('today, as the settle-transfer form offers it', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the shop’s day in Paris, which the server checks a payment date against', () => {
    // 23:30 in UTC is already the next day in Paris (UTC+1 in winter): an order placed then is
    // dated the 29th, and a form offering the 28th would be refused as before the order.
    vi.useFakeTimers({ now: new Date('2026-11-28T23:30:00Z') });
    expect(today()).toBe('2026-11-29');
    vi.setSystemTime(new Date('2026-07-14T21:59:00Z'));
    expect(today()).toBe('2026-07-14');
    vi.setSystemTime(new Date('2026-07-14T22:00:00Z'));
    expect(today()).toBe('2026-07-15');
  });
});
