import { describe, expect, it } from 'vitest';
import { transferPaymentDate } from './transfer-payment-date';

const placedAt = new Date('2026-11-20T09:30:00Z');
const now = new Date('2026-11-27T08:00:00Z');
const read = (value: string) => transferPaymentDate(value, placedAt, now);

describe('payment date of a recorded transfer', () => {
  it('takes a past day at its noon in Paris, and today as now', () => {
    expect(read('2026-11-24')).toEqual({ ok: true, paidAt: new Date('2026-11-24T11:00:00Z') });
    expect(read('2026-11-27')).toEqual({ ok: true, paidAt: now });
  });

  it('takes the day of the order, never before the order itself', () => {
    const late = transferPaymentDate('2026-11-20', new Date('2026-11-20T15:00:00Z'), now);
    expect(late).toEqual({ ok: true, paidAt: new Date('2026-11-20T15:00:00Z') });
  });

  it('takes an instant between the order and now as it is', () => {
    expect(read('2026-11-25T16:45:00+01:00')).toEqual({
      ok: true,
      paidAt: new Date('2026-11-25T15:45:00Z'),
    });
  });

  it('refuses a date before the order was placed, however far back', () => {
    for (const value of ['2026-11-19', '2024-03-15', '1970-01-01', '2026-11-20T09:00:00Z']) {
      expect(read(value), value).toEqual({
        ok: false,
        problem: 'admin.mark_paid.paid_at_before_order',
      });
    }
  });

  it('refuses a date in the future', () => {
    for (const value of ['2026-11-28', '2027-01-02', '2026-11-27T09:00:00Z']) {
      expect(read(value), value).toEqual({ ok: false, problem: 'admin.mark_paid.paid_at_future' });
    }
  });

  it('counts days in Paris: late evening UTC is already tomorrow there', () => {
    const lateEvening = new Date('2026-11-27T23:30:00Z');
    expect(transferPaymentDate('2026-11-28', placedAt, lateEvening)).toEqual({
      ok: true,
      paidAt: lateEvening,
    });
  });

  it('refuses an impossible date', () => {
    expect(read('2026-02-31T10:00:00Z')).toMatchObject({ ok: false });
  });
});
