import { describe, expect, it } from 'vitest';
import { inLifecycleOrder, isEinvoiceStatus, paymentDeclarationDue } from './einvoice-lifecycle';

describe('the e-invoice lifecycle', () => {
  it('declares an invoice paid once it is deposited, never a credit note nor a rejected one', () => {
    expect(paymentDeclarationDue('invoice', [])).toBe(false);
    expect(paymentDeclarationDue('invoice', ['deposited', 'issued'])).toBe(true);
    expect(paymentDeclarationDue('invoice', ['deposited', 'rejected'])).toBe(false);
    expect(paymentDeclarationDue('invoice', ['deposited', 'received', 'paid'])).toBe(false);
    expect(paymentDeclarationDue('credit_note', ['deposited', 'received'])).toBe(false);
  });

  it('lists statuses in the order a document goes through them, whatever their dates', () => {
    const at = '2026-03-15T10:00:00.000Z';
    const listed = inLifecycleOrder([
      { status: 'received' as const, at },
      { status: 'paid' as const, at: '2026-03-15T09:59:00.000Z' },
      { status: 'deposited' as const, at },
      { status: 'issued' as const, at },
    ]);
    expect(listed.map((row) => row.status)).toEqual(['deposited', 'issued', 'received', 'paid']);
  });

  it('knows its statuses only', () => {
    expect(isEinvoiceStatus('received')).toBe(true);
    expect(isEinvoiceStatus('approved')).toBe(false);
  });
});
