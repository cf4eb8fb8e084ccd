import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, invoiceYear, parseInvoiceNumber } from './invoice-numbers';

describe('invoice numbers', () => {
  it('prints kind, year and a five-digit sequence', () => {
    expect(formatInvoiceNumber('invoice', 2026, 1)).toBe('FA-2026-00001');
    expect(formatInvoiceNumber('credit_note', 2026, 42)).toBe('AV-2026-00042');
    expect(formatInvoiceNumber('invoice', 2026, 123456)).toBe('FA-2026-123456');
  });
  it('refuses a sequence below 1 or not whole', () => {
    expect(() => formatInvoiceNumber('invoice', 2026, 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('invoice', 2026, 1.5)).toThrow(RangeError);
  });
  it('takes the year of the issue date in Paris, not in UTC', () => {
    // 31 December 2026 23:30 UTC is already 1 January 2027 in Paris (UTC+1).
    expect(invoiceYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(invoiceYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(invoiceYear(new Date('2026-06-30T22:30:00Z'))).toBe(2026);
  });
  it('parses its own numbers and nothing else', () => {
    expect(parseInvoiceNumber('AV-2026-00007')).toEqual({
      kind: 'credit_note',
      year: 2026,
      sequence: 7,
    });
    expect(parseInvoiceNumber('FA-2026-0001')).toBeNull();
    expect(parseInvoiceNumber('FA-2026-00000')).toBeNull();
    expect(parseInvoiceNumber('../etc/passwd')).toBeNull();
  });
});
