import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildInvoice, invoiceMentions } from './invoice';
import {
  consumerInput,
  domesticBusinessInput,
  FIXTURE_SELLER,
  reverseChargeInput,
} from './invoice-fixtures';
import { EXPORT_MENTION } from './tax-treatment';

const facts = {
  number: 'FA-2026-00001',
  issuedAt: new Date('2026-03-15T10:00:01Z'),
  seller: FIXTURE_SELLER,
};

describe('buildInvoice', () => {
  it('totals the lines, applies VAT once to the net total and keeps the seller as given', () => {
    const invoice = buildInvoice(domesticBusinessInput(), facts);
    expect(invoice.lines.map((line) => line.totalCents)).toEqual([2 * 22_400, 49_000]);
    expect(invoice.linesTotalCents).toBe(93_800);
    expect(invoice.netCents).toBe(93_800);
    expect(invoice.vat).toEqual([{ rateBasisPoints: 2000, baseCents: 93_800, vatCents: 18_760 }]);
    expect(invoice.grossCents).toBe(112_560);
    expect(invoice.seller).toEqual(FIXTURE_SELLER);
    expect(invoice.number).toBe('FA-2026-00001');
    expect(invoice.kind).toBe('invoice');
  });

  it('covers one cycle from the payment date, and one_time has no end', () => {
    const [annual, once] = buildInvoice(domesticBusinessInput(), facts).lines;
    expect(annual?.periodStart).toBe('2026-03-15T10:00:00.000Z');
    expect(annual?.periodEnd).toBe('2027-03-15T10:00:00.000Z');
    expect(once?.periodEnd).toBeNull();
  });

  it('takes the discount off before VAT and charges none under reverse charge', () => {
    const invoice = buildInvoice(reverseChargeInput(), facts);
    expect(invoice.discountCents).toBe(5_000);
    expect(invoice.netCents).toBe(88_800);
    expect(invoice.vatCents).toBe(0);
    expect(invoice.grossCents).toBe(88_800);
    expect(invoice.mentions[0]).toBe('tax.mention.reverse_charge');
  });

  it('gives a business the late-payment penalty and the EUR 40 fee, a consumer neither', () => {
    expect(buildInvoice(domesticBusinessInput(), facts).mentions).toEqual([
      'invoice.mention.services',
      'invoice.mention.no_early_payment_discount',
      'invoice.mention.late_penalties',
      'invoice.mention.recovery_fee',
    ]);
    expect(buildInvoice(consumerInput(), facts).mentions).toEqual([
      'invoice.mention.services',
      'invoice.mention.no_early_payment_discount',
    ]);
  });

  it('prints the export mention when no VAT is charged outside the EU', () => {
    const input = consumerInput();
    input.tax = {
      kind: 'export',
      rateBasisPoints: 0,
      reverseCharge: false,
      mention: EXPORT_MENTION,
    };
    expect(invoiceMentions(input)[0]).toBe('tax.mention.export');
    // A mention is only printed when the invoice indeed charges no VAT.
    input.tax = {
      kind: 'domestic',
      rateBasisPoints: 2000,
      reverseCharge: false,
      mention: EXPORT_MENTION,
    };
    expect(invoiceMentions(input)).not.toContain('tax.mention.export');
  });

  it('refuses what cannot be an invoice', () => {
    expect(() => buildInvoice({ ...domesticBusinessInput(), lines: [] }, facts)).toThrow(
      RangeError,
    );
    expect(() =>
      buildInvoice({ ...domesticBusinessInput(), discountCents: 10_000_000 }, facts),
    ).toThrow(RangeError);
  });
});

describe('buildCreditNote', () => {
  it('repeats the invoice under its own number and refers to it', () => {
    const invoice = buildInvoice(domesticBusinessInput(), facts);
    const issuedAt = new Date('2026-04-01T08:00:00Z');
    const note = buildCreditNote(invoice, { ...facts, number: 'AV-2026-00001', issuedAt });
    expect(note.kind).toBe('credit_note');
    expect(note.number).toBe('AV-2026-00001');
    expect(note.creditedInvoice).toEqual({ number: 'FA-2026-00001', issuedAt: invoice.issuedAt });
    expect(note.grossCents).toBe(invoice.grossCents);
    expect(() => buildCreditNote(note, facts)).toThrow(RangeError);
  });
});
