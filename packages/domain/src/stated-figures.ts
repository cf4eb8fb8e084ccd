import { vatCategoryOf, type VatCategory } from './einvoice';
import type { InvoiceDocument } from './invoice';
import type { MessageKey } from './messages';
import { REVERSE_CHARGE_MENTION } from './tax-treatment';

/*
 * The figures a document states, printed under its lines and carried by its e-invoice data
 * alike (docs/decisions/055-delivery-address-and-vat-alone.md). For an invoice and a credit
 * note of the whole invoice, they are the stored document's own. A credit note of the VAT
 * alone keeps the invoice's lines and totals for reference (decision 051), but states only the
 * VAT it gives back: EN 16931 ties every VAT amount to its taxable base (BR-CO-17), so VAT
 * cannot stand alone. The note cancels the sale as taxed (its net at the charged rate) and
 * restates the same sale under the reverse charge (minus that net, no VAT): the bases cancel
 * out and what is left is the VAT given back. A later credit note of what remained (a refund
 * after the VAT went back) credits the sale as it now stands: under the reverse charge, its
 * net with no VAT, which is what the buyer paid less the VAT already given back.
 */

export interface StatedVatRow {
  category: VatCategory;
  rateBasisPoints: number;
  baseCents: number;
  vatCents: number;
}

export interface StatedTotals {
  linesTotalCents: number;
  discountCents: number;
  netCents: number;
  vat: StatedVatRow[];
  vatCents: number;
  grossCents: number;
}

/** One of the two lines of a credit note of the VAT alone. */
export interface VatCreditLine {
  name: MessageKey;
  /** 1 for the sale as taxed, −1 for its restatement: EN 16931 forbids a negative price. */
  quantity: 1 | -1;
  unitPriceCents: number;
  totalCents: number;
  rateBasisPoints: number;
  category: VatCategory;
}

const REVERSE_CHARGE: VatCategory = {
  code: 'AE',
  exemptionCode: 'VATEX-EU-AE',
  exemptionMention: REVERSE_CHARGE_MENTION,
};

const givesBackVatAlone = (doc: InvoiceDocument): boolean =>
  doc.kind === 'credit_note' && doc.partialCredit?.scope === 'vat';

/**
 * The document as it states itself. A credit note of what remained after the VAT went back
 * keeps the invoice's figures when stored (decision 051) but states the sale restated under
 * the reverse charge: each line at 0 %, one AE breakdown of the net, no VAT, the total being
 * the net, and the reverse-charge mention first (docs/decisions/063-remainder-credit-note-and-exports.md).
 * Any other document is returned as is.
 */
export function statedDocument(doc: InvoiceDocument): InvoiceDocument {
  if (doc.kind !== 'credit_note' || doc.partialCredit?.scope !== 'remainder') return doc;
  if (doc.reverseCharge && doc.vatCents === 0) return doc;
  return {
    ...doc,
    lines: doc.lines.map((line) => ({ ...line, vatRateBasisPoints: 0 })),
    vat: [{ rateBasisPoints: 0, baseCents: doc.netCents, vatCents: 0 }],
    vatCents: 0,
    grossCents: doc.netCents,
    taxKind: 'reverse_charge',
    reverseCharge: true,
    mentions: [
      REVERSE_CHARGE_MENTION,
      ...doc.mentions.filter((mention) => mention !== REVERSE_CHARGE_MENTION),
    ],
  };
}

/** The two lines of a credit note of the VAT alone; undefined for any other document. */
export function vatCreditLines(doc: InvoiceDocument): [VatCreditLine, VatCreditLine] | undefined {
  if (!givesBackVatAlone(doc)) return undefined;
  const charged = doc.vat[0];
  if (!charged || doc.vat.length !== 1) throw new RangeError('one VAT rate was charged');
  return [
    {
      name: 'invoice.vat_credit.line_charged',
      quantity: 1,
      unitPriceCents: doc.netCents,
      totalCents: doc.netCents,
      rateBasisPoints: charged.rateBasisPoints,
      category: vatCategoryOf(doc),
    },
    {
      name: 'invoice.vat_credit.line_reverse_charge',
      quantity: -1,
      unitPriceCents: doc.netCents,
      totalCents: -doc.netCents,
      rateBasisPoints: 0,
      category: REVERSE_CHARGE,
    },
  ];
}

/**
 * The totals a document states: its own, those of the sale under the reverse charge for what
 * remained after the VAT went back, or those of its two lines for the VAT alone.
 */
export function statedTotals(doc: InvoiceDocument): StatedTotals {
  const lines = vatCreditLines(doc);
  if (!lines) {
    const stated = statedDocument(doc);
    const category = vatCategoryOf(stated);
    return {
      linesTotalCents: stated.linesTotalCents,
      discountCents: stated.discountCents,
      netCents: stated.netCents,
      vat: stated.vat.map((row) => ({ category, ...row })),
      vatCents: stated.vatCents,
      grossCents: stated.grossCents,
    };
  }
  const given = doc.partialCredit?.amountCents ?? 0;
  const [charged, restated] = lines;
  return {
    linesTotalCents: 0,
    discountCents: 0,
    netCents: 0,
    vat: [
      {
        category: charged.category,
        rateBasisPoints: charged.rateBasisPoints,
        baseCents: charged.totalCents,
        vatCents: given,
      },
      {
        category: restated.category,
        rateBasisPoints: 0,
        baseCents: restated.totalCents,
        vatCents: 0,
      },
    ],
    vatCents: given,
    grossCents: given,
  };
}
