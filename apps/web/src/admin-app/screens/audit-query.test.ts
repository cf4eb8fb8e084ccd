import { describe, expect, it } from 'vitest';
import { auditQuery } from './audit';

describe('the audit trail period', () => {
  it('asks from the start of the first Paris day to the end of the last, not UTC days', () => {
    expect(auditQuery({ from: '2026-07-01', to: '2026-07-31', action: 'order.refund' })).toEqual({
      action: 'order.refund',
      from: '2026-06-30T22:00:00.000Z',
      to: '2026-07-31T21:59:59.999Z',
    });
    // In winter Paris is an hour ahead of UTC, not two.
    expect(auditQuery({ from: '2026-12-01', to: '2026-12-01', sort: '-at' })).toEqual({
      from: '2026-11-30T23:00:00.000Z',
      to: '2026-12-01T22:59:59.999Z',
    });
    expect(auditQuery({ page: 2 })).toEqual({ page: 2 });
  });
});
