import { einvoiceDate } from './einvoice';
import type { InvoiceDocument } from './invoice';
import { centsToDecimalString } from './money';
import { statedTotals } from './stated-figures';

/**
 * The sales journal of the accountant's export (docs/product.md 'Back office' ('Accounting
 * exports')): one balanced entry per invoice or credit note, read from the stored document
 * alone. An invoice debits the customer account with the total including VAT and credits
 * revenue per VAT rate with the taxable amount and collected VAT with the VAT; a credit note
 * does the opposite. Each document is booked as it states itself (stated-figures.ts): a credit
 * note of the VAT alone gives back that VAT (its revenue lines, the sale as taxed and restated
 * under the reverse charge, cancel out), the credit note of what remained after it credits the
 * net under the reverse charge. Amounts in cents.
 */

export interface JournalAccounts {
  /** Customers (411 by default). */
  customers: string;
  /** Revenue from services (706 by default). */
  revenue: string;
  /** VAT collected (44571 by default). */
  vatCollected: string;
}

export const DEFAULT_JOURNAL_ACCOUNTS: JournalAccounts = {
  customers: '411',
  revenue: '706',
  vatCollected: '44571',
};

export const SALES_JOURNAL = { code: 'VE', label: 'Ventes' } as const;

export interface JournalLine {
  journalCode: string;
  journalLabel: string;
  /** The entry's number: the document's own, unique and in sequence. */
  entryNumber: string;
  /** `YYYYMMDD`, the issue date in Paris. */
  entryDate: string;
  account: string;
  accountLabel: string;
  /** The document the entry records. */
  pieceRef: string;
  pieceDate: string;
  label: string;
  debitCents: number;
  creditCents: number;
  currency: string;
}

const rateLabel = (basisPoints: number): string =>
  `${(basisPoints / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

/** The lines of one document's entry, customer first; debits equal credits. */
export function journalEntry(doc: InvoiceDocument, accounts: JournalAccounts): JournalLine[] {
  const isInvoice = doc.kind === 'invoice';
  const date = einvoiceDate(doc.issuedAt);
  const who = doc.buyer.company || doc.buyer.name;
  const title = isInvoice ? 'Facture' : 'Avoir';
  const line = (
    account: string,
    accountLabel: string,
    label: string,
    // Positive on the side an invoice books it; a credit note swaps the sides.
    invoiceSide: 'debit' | 'credit',
    cents: number,
  ): JournalLine => {
    // A negative amount (the restated base of a credit note of the VAT alone) changes sides.
    const flips = (isInvoice ? 0 : 1) + (cents < 0 ? 1 : 0);
    const side = flips % 2 === 0 ? invoiceSide : invoiceSide === 'debit' ? 'credit' : 'debit';
    const amount = Math.abs(cents);
    return {
      journalCode: SALES_JOURNAL.code,
      journalLabel: SALES_JOURNAL.label,
      entryNumber: doc.number,
      entryDate: date,
      account,
      accountLabel,
      pieceRef: doc.number,
      pieceDate: date,
      label,
      debitCents: side === 'debit' ? amount : 0,
      creditCents: side === 'credit' ? amount : 0,
      currency: doc.currency,
    };
  };
  const stated = statedTotals(doc);
  const lines = [
    line(
      accounts.customers,
      'Clients',
      `${title} ${doc.number} ${who}`,
      'debit',
      stated.grossCents,
    ),
  ];
  for (const vat of stated.vat) {
    lines.push(
      line(
        accounts.revenue,
        'Prestations de services',
        `${title} ${doc.number} HT TVA ${rateLabel(vat.rateBasisPoints)}`,
        'credit',
        vat.baseCents,
      ),
    );
  }
  for (const vat of stated.vat) {
    if (vat.vatCents === 0) continue;
    lines.push(
      line(
        accounts.vatCollected,
        'TVA collectée',
        `${title} ${doc.number} TVA ${rateLabel(vat.rateBasisPoints)}`,
        'credit',
        vat.vatCents,
      ),
    );
  }
  return lines;
}

/** Every document's entry, in the order given (issue order). */
export const salesJournal = (
  docs: readonly InvoiceDocument[],
  accounts: JournalAccounts,
): JournalLine[] => docs.flatMap((doc) => journalEntry(doc, accounts));

/** Total debits and credits: equal in a balanced journal. */
export function journalTotals(lines: readonly JournalLine[]): {
  debitCents: number;
  creditCents: number;
} {
  return lines.reduce(
    (sum, line) => ({
      debitCents: sum.debitCents + line.debitCents,
      creditCents: sum.creditCents + line.creditCents,
    }),
    { debitCents: 0, creditCents: 0 },
  );
}

/** The 18 columns of the FEC (Livre des procédures fiscales, art. A47 A-1), in order. */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** Cents as the FEC writes amounts: a comma before two decimals, no thousands separator. */
export const fecAmount = (cents: number): string => centsToDecimalString(cents).replace('.', ',');

/**
 * A journal line's 18 cells. Entries are validated as issued (the document is final when
 * stored); amounts are in euros, so the currency columns stay empty.
 */
export function fecCells(line: JournalLine): string[] {
  return [
    line.journalCode,
    line.journalLabel,
    line.entryNumber,
    line.entryDate,
    line.account,
    line.accountLabel,
    '',
    '',
    line.pieceRef,
    line.pieceDate,
    line.label,
    fecAmount(line.debitCents),
    fecAmount(line.creditCents),
    '',
    '',
    line.entryDate,
    '',
    '',
  ];
}
