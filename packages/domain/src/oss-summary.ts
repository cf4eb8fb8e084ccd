import type { InvoiceDocument } from './invoice';
import { quarterOf } from './accounting-period';
import { shopDay } from './paris-days';
import { statedDocument, statedTotals } from './stated-figures';

/**
 * The One-Stop-Shop summary of a quarter (docs/product.md 'Back office' ('Accounting
 * exports')): consumer sales to other member states, taxed at the buyer's country's rate
 * (decision 013), per member state and rate, taxable amount and VAT, as the quarterly return
 * asks; credit notes issued in the quarter are corrections, of the quarter of the invoice they
 * cancel. Read from the stored documents of the quarter, as each states itself
 * (stated-figures.ts): a credit note of the VAT alone takes the sale out of the One-Stop Shop
 * (its taxed base and VAT, the restated base being the buyer's reverse charge), and the credit
 * note of what remained after it is a reverse-charge sale, not declared here. Amounts in cents.
 */

export interface OssSalesRow {
  country: string;
  rateBasisPoints: number;
  taxableCents: number;
  vatCents: number;
  documents: number;
}

export interface OssCorrectionRow extends OssSalesRow {
  /** The quarter of the invoice corrected, `YYYY-Qn`. */
  correctedQuarter: string;
}

export interface OssSummary {
  sales: OssSalesRow[];
  corrections: OssCorrectionRow[];
  totals: { taxableCents: number; vatCents: number };
}

/** A sale the One-Stop Shop declares: to an EU consumer at the buyer's country's VAT. */
export const isOssSale = (doc: InvoiceDocument): boolean =>
  statedDocument(doc).taxKind === 'eu_consumer';

function add<T extends OssSalesRow>(
  rows: Map<string, T>,
  key: string,
  make: () => T,
  doc: InvoiceDocument,
  sign: number,
) {
  const row = rows.get(key) ?? make();
  for (const vat of statedTotals(doc).vat) {
    if (vat.category.code !== 'S') continue;
    row.taxableCents += sign * vat.baseCents;
    row.vatCents += sign * vat.vatCents;
  }
  row.documents += 1;
  rows.set(key, row);
}

const byCountryAndRate = (a: OssSalesRow, b: OssSalesRow): number =>
  a.country.localeCompare(b.country) || a.rateBasisPoints - b.rateBasisPoints;

export function ossSummary(docs: readonly InvoiceDocument[]): OssSummary {
  const sales = new Map<string, OssSalesRow>();
  const corrections = new Map<string, OssCorrectionRow>();
  for (const doc of docs) {
    if (!isOssSale(doc)) continue;
    const rate = doc.vat[0]?.rateBasisPoints ?? 0;
    const base = {
      country: doc.buyer.country,
      rateBasisPoints: rate,
      taxableCents: 0,
      vatCents: 0,
      documents: 0,
    };
    if (doc.kind === 'invoice') {
      add(sales, `${doc.buyer.country}:${rate}`, () => ({ ...base }), doc, 1);
    } else {
      const corrected = quarterOf(shopDay(new Date(doc.creditedInvoice?.issuedAt ?? doc.issuedAt)));
      add(
        corrections,
        `${doc.buyer.country}:${rate}:${corrected}`,
        () => ({ ...base, correctedQuarter: corrected }),
        doc,
        -1,
      );
    }
  }
  const salesRows = [...sales.values()].sort(byCountryAndRate);
  const correctionRows = [...corrections.values()].sort(
    (a, b) => byCountryAndRate(a, b) || a.correctedQuarter.localeCompare(b.correctedQuarter),
  );
  const all = [...salesRows, ...correctionRows];
  return {
    sales: salesRows,
    corrections: correctionRows,
    totals: {
      taxableCents: all.reduce((sum, row) => sum + row.taxableCents, 0),
      vatCents: all.reduce((sum, row) => sum + row.vatCents, 0),
    },
  };
}
