import { describe, expect, it } from 'vitest';
import { buildCreditNote, buildInvoice } from './invoice';
import { domesticBusinessInput, FIXTURE_ISSUE, unconfirmedBusinessInput } from './invoice-fixtures';
import { applyRate } from './money';
import { statedDocument, statedTotals, vatCreditLines } from './stated-figures';
import { REVERSE_CHARGE_MENTION } from './tax-treatment';
import { buildVatCreditNote } from './vat-credit';

const facts = {
  ...FIXTURE_ISSUE,
  number: 'AV-2026-00001',
  issuedAt: new Date('2026-04-01T08:00:00Z'),
};

describe('statedTotals', () => {
  it('states an invoice and a whole credit note as stored, under the document’s category', () => {
    const invoice = buildInvoice(domesticBusinessInput(), FIXTURE_ISSUE);
    for (const doc of [invoice, buildCreditNote(invoice, facts)]) {
      const totals = statedTotals(doc);
      expect(totals).toMatchObject({
        linesTotalCents: doc.linesTotalCents,
        discountCents: doc.discountCents,
        netCents: doc.netCents,
        vatCents: doc.vatCents,
        grossCents: doc.grossCents,
      });
      expect(totals.vat).toEqual([{ category: { code: 'S' }, ...doc.vat[0] }]);
      expect(vatCreditLines(doc)).toBeUndefined();
    }
  });

  it('states only the VAT given back on a credit note of the VAT alone', () => {
    const invoice = buildInvoice(unconfirmedBusinessInput(), FIXTURE_ISSUE);
    const note = buildVatCreditNote(invoice, facts);
    const totals = statedTotals(note);
    expect(totals.netCents).toBe(0);
    expect(totals.linesTotalCents).toBe(0);
    expect(totals.discountCents).toBe(0);
    expect(totals.vatCents).toBe(invoice.vatCents);
    expect(totals.grossCents).toBe(invoice.vatCents);
    expect(
      totals.vat.map((row) => [
        row.category.code,
        row.rateBasisPoints,
        row.baseCents,
        row.vatCents,
      ]),
    ).toEqual([
      ['S', 1900, invoice.netCents, invoice.vatCents],
      ['AE', 0, -invoice.netCents, 0],
    ]);
  });
});

describe('the credit note of what remained after the VAT went back', () => {
  const invoice = buildInvoice(unconfirmedBusinessInput(), FIXTURE_ISSUE);
  const rest = buildCreditNote(invoice, { ...facts, number: 'AV-2026-00002' }, invoice.vatCents);

  it('states the sale under the reverse charge: the net, no VAT, what the buyer has left', () => {
    const totals = statedTotals(rest);
    expect(invoice.discountCents).toBeGreaterThan(0);
    expect(totals).toMatchObject({
      linesTotalCents: invoice.linesTotalCents,
      discountCents: invoice.discountCents,
      netCents: invoice.netCents,
      vatCents: 0,
      grossCents: invoice.grossCents - invoice.vatCents,
    });
    expect(totals.grossCents).toBe(rest.partialCredit?.amountCents);
    expect(totals.vat).toEqual([
      {
        category: {
          code: 'AE',
          exemptionCode: 'VATEX-EU-AE',
          exemptionMention: REVERSE_CHARGE_MENTION,
        },
        rateBasisPoints: 0,
        baseCents: invoice.netCents,
        vatCents: 0,
      },
    ]);
  });

  it('restates each line at 0 % with the reverse-charge mention, the stored note unchanged', () => {
    const stated = statedDocument(rest);
    expect(stated.lines.map((line) => [line.totalCents, line.vatRateBasisPoints])).toEqual(
      invoice.lines.map((line) => [line.totalCents, 0]),
    );
    expect(stated).toMatchObject({ taxKind: 'reverse_charge', reverseCharge: true });
    expect(stated.mentions[0]).toBe(REVERSE_CHARGE_MENTION);
    expect(statedDocument(stated)).toEqual(stated);
    expect(rest.grossCents).toBe(invoice.grossCents);
    expect(rest.vat).toEqual(invoice.vat);
    expect(statedDocument(invoice)).toBe(invoice);
  });
});

describe('vatCreditLines', () => {
  it('cancels the sale as taxed and restates it under the reverse charge, bases cancelling out', () => {
    const invoice = buildInvoice(unconfirmedBusinessInput(), FIXTURE_ISSUE);
    const lines = vatCreditLines(buildVatCreditNote(invoice, facts));
    expect(lines).toBeDefined();
    const [charged, restated] = lines!;
    expect(charged).toMatchObject({
      quantity: 1,
      unitPriceCents: invoice.netCents,
      totalCents: invoice.netCents,
      rateBasisPoints: 1900,
    });
    expect(restated).toMatchObject({
      quantity: -1,
      unitPriceCents: invoice.netCents,
      totalCents: -invoice.netCents,
      rateBasisPoints: 0,
    });
    expect(restated.category).toEqual({
      code: 'AE',
      exemptionCode: 'VATEX-EU-AE',
      exemptionMention: 'tax.mention.reverse_charge',
    });
    // The VAT given back is the charged base at its rate, as EN 16931 checks it.
    expect(applyRate(charged.totalCents, charged.rateBasisPoints / 100)).toBe(invoice.vatCents);
  });

  it('leaves the credit note of what remains after the VAT with the invoice’s lines', () => {
    const invoice = buildInvoice(unconfirmedBusinessInput(), FIXTURE_ISSUE);
    expect(vatCreditLines(buildCreditNote(invoice, facts, invoice.vatCents))).toBeUndefined();
  });
});
