import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildInvoice, creditedCents } from './invoice';
import { domesticBusinessInput, euConsumerInput, FIXTURE_ISSUE } from './invoice-fixtures';
import { buildVatCreditNote, VAT_CREDIT_MENTION, vatToGiveBack } from './vat-credit';

const confirmedBelgian = {
  billingCountry: 'BE' as const,
  vatNumberStatus: 'verified' as const,
  taxKind: 'eu_consumer' as const,
  taxCents: 10_290,
};

describe('vatToGiveBack', () => {
  it('gives back the VAT a business of another member state paid before VIES confirmed it', () => {
    expect(vatToGiveBack(confirmedBelgian)).toBe(10_290);
  });

  it('gives nothing back while unconfirmed, when rejected, at home, outside the EU or already reverse-charged', () => {
    expect(vatToGiveBack({ ...confirmedBelgian, vatNumberStatus: 'format_checked' })).toBe(0);
    expect(vatToGiveBack({ ...confirmedBelgian, vatNumberStatus: 'rejected' })).toBe(0);
    expect(vatToGiveBack({ ...confirmedBelgian, billingCountry: 'FR', taxKind: 'domestic' })).toBe(
      0,
    );
    expect(vatToGiveBack({ ...confirmedBelgian, billingCountry: 'CH', taxKind: 'export' })).toBe(0);
    expect(vatToGiveBack({ ...confirmedBelgian, taxKind: 'reverse_charge', taxCents: 0 })).toBe(0);
    expect(vatToGiveBack({ ...confirmedBelgian, taxKind: null })).toBe(0);
  });
});

const facts = {
  ...FIXTURE_ISSUE,
  number: 'AV-2026-00001',
  issuedAt: new Date('2026-04-01T08:00:00Z'),
};

describe('buildVatCreditNote', () => {
  it('credits the VAT alone, refers to the invoice, says why and drops the payment terms', () => {
    const invoice = buildInvoice(euConsumerInput(), FIXTURE_ISSUE);
    const note = buildVatCreditNote(invoice, facts);
    expect(note.kind).toBe('credit_note');
    expect(note.creditedInvoice).toEqual({ number: invoice.number, issuedAt: invoice.issuedAt });
    expect(note.partialCredit).toEqual({ scope: 'vat', amountCents: invoice.vatCents });
    expect(creditedCents(note)).toBe(invoice.vatCents);
    expect(note.lines).toEqual(invoice.lines);
    expect(note.mentions).toContain(VAT_CREDIT_MENTION);
    expect(note.mentions).not.toContain('invoice.mention.no_early_payment_discount');
  });

  it('refuses an invoice that bore no VAT', () => {
    const invoice = buildInvoice(
      { ...euConsumerInput(), tax: { kind: 'export', rateBasisPoints: 0, reverseCharge: false } },
      FIXTURE_ISSUE,
    );
    expect(() => buildVatCreditNote(invoice, facts)).toThrow(RangeError);
  });
});

describe('buildCreditNote after the VAT was given back', () => {
  it('credits what remains, and never the whole or more', () => {
    const invoice = buildInvoice(euConsumerInput(), FIXTURE_ISSUE);
    const rest = buildCreditNote(invoice, facts, invoice.vatCents);
    expect(rest.partialCredit).toEqual({ scope: 'remainder', amountCents: invoice.netCents });
    expect(creditedCents(buildCreditNote(invoice, facts))).toBe(invoice.grossCents);
    expect(() => buildCreditNote(invoice, facts, invoice.grossCents)).toThrow(RangeError);
    expect(() => buildCreditNote(invoice, facts, -1)).toThrow(RangeError);
  });

  it('drops the late-payment lines of a business invoice', () => {
    const invoice = buildInvoice(domesticBusinessInput(), FIXTURE_ISSUE);
    expect(invoice.mentions).toContain('invoice.mention.late_penalties');
    const note = buildCreditNote(invoice, facts);
    expect(note.mentions).not.toContain('invoice.mention.late_penalties');
    expect(note.mentions).not.toContain('invoice.mention.recovery_fee');
    expect(note.mentions).toContain('invoice.mention.services');
  });
});
