import { describe, expect, it } from 'vitest';
import {
  buyerSirenOf,
  documentTypeCode,
  einvoiceAmount,
  einvoiceDate,
  einvoiceRate,
  noteSubjectOf,
  paymentMeansCodeOf,
  vatCategoryOf,
  vatDueDateCodeOf,
} from './einvoice';
import { buildCreditNote, buildInvoice } from './invoice';
import {
  consumerInput,
  domesticBusinessInput,
  euConsumerInput,
  exportInput,
  FIXTURE_ISSUE as facts,
  FIXTURE_SELLER,
  reverseChargeInput,
} from './invoice-fixtures';

describe('the e-invoice codes of a stored invoice', () => {
  it('types an invoice 380 and its credit note 381', () => {
    const invoice = buildInvoice(domesticBusinessInput(), facts);
    expect(documentTypeCode(invoice)).toBe('380');
    expect(documentTypeCode(buildCreditNote(invoice, { ...facts, number: 'AV-2026-00001' }))).toBe(
      '381',
    );
  });

  it('puts each tax treatment in its VAT category with the printed reason when no VAT is charged', () => {
    expect(vatCategoryOf(buildInvoice(domesticBusinessInput(), facts))).toEqual({ code: 'S' });
    expect(vatCategoryOf(buildInvoice(euConsumerInput(), facts))).toEqual({ code: 'S' });
    expect(vatCategoryOf(buildInvoice(reverseChargeInput(), facts))).toEqual({
      code: 'AE',
      exemptionCode: 'VATEX-EU-AE',
      exemptionMention: 'tax.mention.reverse_charge',
    });
    expect(vatCategoryOf(buildInvoice(exportInput(), facts))).toEqual({
      code: 'G',
      exemptionCode: 'VATEX-EU-G',
      exemptionMention: 'tax.mention.export',
    });
  });

  it('names the payment means, a transfer as SEPA only with the IBAN it went to', () => {
    expect(paymentMeansCodeOf('stripe', undefined)).toBe('48');
    expect(paymentMeansCodeOf('paypal', undefined)).toBe('68');
    expect(paymentMeansCodeOf('bank_transfer', 'FR7630006000011234567890189')).toBe('58');
    expect(paymentMeansCodeOf('bank_transfer', undefined)).toBe('ZZZ');
  });

  it('makes VAT due on the invoice date only when the seller opted for debits', () => {
    expect(vatDueDateCodeOf({ seller: FIXTURE_SELLER })).toBe('72');
    expect(vatDueDateCodeOf({ seller: { ...FIXTURE_SELLER, vatOnDebits: true } })).toBe('5');
  });

  it('codes the payment mentions and files the others as regulatory', () => {
    expect(noteSubjectOf('invoice.mention.late_penalties')).toBe('PMD');
    expect(noteSubjectOf('invoice.mention.recovery_fee')).toBe('PMT');
    expect(noteSubjectOf('invoice.mention.no_early_payment_discount')).toBe('AAB');
    expect(noteSubjectOf('invoice.mention.services')).toBe('REG');
  });

  it('finds a French buyer’s SIREN as given, else in its French VAT number, and nobody else’s', () => {
    expect(buyerSirenOf(domesticBusinessInput().buyer)).toBe('732829320');
    expect(buyerSirenOf({ vatNumber: 'FR44732829320', siren: '' })).toBe('732829320');
    expect(buyerSirenOf({ vatNumber: 'DE123456789', siren: '' })).toBeUndefined();
    expect(buyerSirenOf({ vatNumber: '', siren: '732829321' })).toBeUndefined();
    expect(buyerSirenOf(consumerInput().buyer)).toBeUndefined();
  });

  it('writes dates as Paris days, amounts with two decimals and rates as percentages', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(einvoiceDate('2026-12-31T23:30:00Z')).toBe('20270101');
    expect(einvoiceAmount(93_800)).toBe('938.00');
    expect(einvoiceAmount(5)).toBe('0.05');
    expect(einvoiceAmount(-1_234)).toBe('-12.34');
    expect(einvoiceRate(2000)).toBe('20');
    expect(einvoiceRate(2550)).toBe('25.5');
    expect(einvoiceRate(0)).toBe('0');
  });
});

describe('the mentions of the e-invoicing reform', () => {
  it('says the operation is a supply of services, and the VAT-on-debits option when taken', () => {
    expect(buildInvoice(consumerInput(), facts).mentions).toContain('invoice.mention.services');
    expect(buildInvoice(consumerInput(), facts).mentions).not.toContain(
      'invoice.mention.vat_on_debits',
    );
    const onDebits = { ...facts, seller: { ...FIXTURE_SELLER, vatOnDebits: true } };
    expect(buildInvoice(consumerInput(), onDebits).mentions).toContain(
      'invoice.mention.vat_on_debits',
    );
    // No VAT charged, nothing to pay on debits.
    expect(buildInvoice(reverseChargeInput(), onDebits).mentions).not.toContain(
      'invoice.mention.vat_on_debits',
    );
  });
});
