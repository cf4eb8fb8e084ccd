import type { InvoiceDocument } from './invoice';
import type { PaymentMethod } from './order-status';
import { shopDay } from './paris-days';
import { statedTotals } from './stated-figures';

/**
 * Money received per method and day (docs/product.md 'Back office' ('Accounting exports')),
 * for the bank reconciliation: each invoice's total on the day it was paid, each credit note's
 * as refunded on its issue day (what it states: the VAT alone, or what remained after it), read
 * from the stored documents. Amounts in cents.
 */

export interface PaymentsDayRow {
  /** Paris day, `YYYY-MM-DD`. */
  day: string;
  method: PaymentMethod;
  receivedCents: number;
  refundedCents: number;
  netCents: number;
  invoices: number;
  creditNotes: number;
}

export function paymentsSummary(docs: readonly InvoiceDocument[]): PaymentsDayRow[] {
  const rows = new Map<string, PaymentsDayRow>();
  for (const doc of docs) {
    const isInvoice = doc.kind === 'invoice';
    const day = shopDay(new Date(isInvoice ? doc.paidAt : doc.issuedAt));
    const key = `${day}:${doc.paymentMethod}`;
    const row = rows.get(key) ?? {
      day,
      method: doc.paymentMethod,
      receivedCents: 0,
      refundedCents: 0,
      netCents: 0,
      invoices: 0,
      creditNotes: 0,
    };
    if (isInvoice) {
      row.receivedCents += doc.grossCents;
      row.invoices += 1;
    } else {
      row.refundedCents += statedTotals(doc).grossCents;
      row.creditNotes += 1;
    }
    row.netCents = row.receivedCents - row.refundedCents;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.method.localeCompare(b.method),
  );
}
