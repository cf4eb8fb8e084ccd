import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoTimeOncePerMillisecond } from '../src/logger';

describe('the log line time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the field pino writes with isoTime, for the millisecond of the line', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 8, 0, 0, 7), toFake: ['Date'] });
    expect(isoTimeOncePerMillisecond()).toBe(pino.stdTimeFunctions.isoTime());
    expect(isoTimeOncePerMillisecond()).toBe(',"time":"2026-11-29T08:00:00.007Z"');
  });

  it('moves on with the clock, never repeating a past millisecond', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 23, 59, 59, 999), toFake: ['Date'] });
    expect(isoTimeOncePerMillisecond()).toBe(',"time":"2026-11-29T23:59:59.999Z"');
    vi.setSystemTime(Date.UTC(2026, 10, 30, 0, 0, 0, 0));
    expect(isoTimeOncePerMillisecond()).toBe(',"time":"2026-11-30T00:00:00.000Z"');
  });
});
