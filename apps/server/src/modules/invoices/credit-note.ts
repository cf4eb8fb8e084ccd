import { creditedCents } from '@cadran/domain/invoice';
import type { Transaction } from '../../db/transaction';
import { lockOrder } from '../orders/order-moves';
import { issueCreditNoteFor, type IssueContext } from './issue-invoice';
import { findCreditNoteOf, findInvoiceOfOrder, type InvoiceRow } from './repository';

export type CreditNoteResult =
  | { kind: 'issued'; creditNote: InvoiceRow }
  | { kind: 'already_issued'; creditNote: InvoiceRow }
  | { kind: 'not_found' }
  | { kind: 'no_invoice' }
  | { kind: 'not_refunded_or_cancelled' };

/**
 * Cancels an order's invoice with a credit note (docs/product.md 'Invoices' ('Credit notes')),
 * in the caller's transaction, for an order that was paid and is now refunded or cancelled.
 * The order row is locked first, so two calls for one order issue one credit note; a second
 * call answers the first one's. After a credit note of the VAT alone, it credits the rest.
 */
export async function issueCreditNote(
  tx: Transaction,
  orderId: string,
  context: IssueContext,
): Promise<CreditNoteResult> {
  const stored = await lockOrder(tx, orderId);
  if (!stored) return { kind: 'not_found' };
  const { order } = stored;
  if (order.paymentStatus !== 'refunded' && order.status !== 'cancelled') {
    return { kind: 'not_refunded_or_cancelled' };
  }
  const invoice = await findInvoiceOfOrder(tx, orderId);
  if (!invoice) return { kind: 'no_invoice' };
  const existing = await findCreditNoteOf(tx, invoice.id);
  if (existing) return { kind: 'already_issued', creditNote: existing };
  // The VAT already given back by a credit note of its own is not credited twice.
  const vatCredit = await findCreditNoteOf(tx, invoice.id, true);
  const already = vatCredit ? creditedCents(vatCredit.document) : 0;
  return { kind: 'issued', creditNote: await issueCreditNoteFor(tx, invoice, context, already) };
}
