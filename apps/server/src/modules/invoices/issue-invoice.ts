import {
  buildCreditNote,
  buildInvoice,
  type InvoiceDocument,
  type SellerIdentity,
} from '@cadran/domain/invoice';
import { formatInvoiceNumber, invoiceYear, type InvoiceKind } from '@cadran/domain/invoice-numbers';
import type { Transaction } from '../../db/transaction';
import type { StoredOrder } from '../orders/repository';
import { invoiceInputFromOrder } from './order-input';
import { insertInvoice, takeNextNumber, type InvoiceRow } from './repository';
import { queueEinvoiceSend } from './transmission/send-job';

/**
 * Issuing (docs/product.md 'Invoices' ('Issuing')): in the caller's transaction, take the next
 * number of the year, build the document and store it. The counter row stays locked until that
 * transaction ends, so nothing slow happens after the number is taken: the PDF is drawn later,
 * from the stored document, by its first reader (stored-pdf.ts). If anything fails, the
 * transaction's rollback returns the number.
 */

export interface IssueContext {
  seller: SellerIdentity;
  issuedAt: Date;
  /** Start of the billed period when it is not the payment: a renewal's (docs/product.md 'Licences'). */
  periodStart?: Date | undefined;
}

async function store(
  tx: Transaction,
  kind: InvoiceKind,
  orderId: string,
  creditedInvoiceId: string | null,
  build: (number: string) => InvoiceDocument,
  issuedAt: Date,
): Promise<InvoiceRow> {
  const year = invoiceYear(issuedAt);
  const number = formatInvoiceNumber(kind, year, await takeNextNumber(tx, kind, year));
  const document = build(number);
  const row = await insertInvoice(tx, {
    kind,
    number,
    orderId,
    creditedInvoiceId,
    language: document.language,
    issuedAt,
    document,
    pdf: null,
  });
  // Sent to the e-invoicing platform by a job that exists if and only if the document does.
  await queueEinvoiceSend(tx, row.id);
  return row;
}

/** The invoice of an order being paid, issued with its fulfilment. */
export function issueInvoice(
  tx: Transaction,
  stored: StoredOrder,
  paidAt: Date,
  { seller, issuedAt, periodStart }: IssueContext,
): Promise<InvoiceRow> {
  // Built once before the number is taken: an order that cannot be invoiced fails here,
  // before it waits for the counter.
  const input = invoiceInputFromOrder(stored, paidAt, periodStart);
  buildInvoice(input, { number: 'FA-0000-00000', issuedAt, seller });
  return store(
    tx,
    'invoice',
    stored.order.id,
    null,
    (number) => buildInvoice(input, { number, issuedAt, seller }),
    issuedAt,
  );
}

/** The credit note that cancels `invoice` in full, with its own number. */
export function issueCreditNoteFor(
  tx: Transaction,
  invoice: InvoiceRow,
  { seller, issuedAt }: IssueContext,
): Promise<InvoiceRow> {
  return store(
    tx,
    'credit_note',
    invoice.orderId,
    invoice.id,
    (number) => buildCreditNote(invoice.document, { number, issuedAt, seller }),
    issuedAt,
  );
}
