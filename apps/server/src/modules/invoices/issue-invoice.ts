import { randomBytes, randomUUID } from 'node:crypto';
import {
  buildCreditNote,
  buildInvoice,
  type InvoiceDocument,
  type SellerIdentity,
} from '@cadran/domain/invoice';
import { buildVatCreditNote } from '@cadran/domain/vat-credit';
import { formatInvoiceNumber, invoiceYear, type InvoiceKind } from '@cadran/domain/invoice-numbers';
import type { Transaction } from '../../db/transaction';
import type { MailInput } from '../../mail/message';
import type { StoredOrder } from '../orders/repository';
import { invoiceInputFromOrder } from './order-input';
import { insertInvoice, takeNextNumber, type InvoiceRow } from './repository';
import { queueEinvoiceSend } from './transmission/send-job';

/**
 * Issuing (docs/product.md 'Invoices' ('Issuing')): in the caller's transaction, build the
 * document, then take the next number of the year and store it. Taking the number locks the
 * year's counter row until that transaction ends, so it comes last: the document is built
 * before, the caller draws its e-mail before (numberPlaceholder), and only the invoice's insert
 * and what the caller queues follow it; the PDF is drawn later, from the stored document, by its
 * first reader (stored-pdf.ts). If anything fails, the transaction's rollback returns the number.
 */

export interface IssueContext {
  seller: SellerIdentity;
  issuedAt: Date;
  /** Start of the billed period when it is not the payment: a renewal's (docs/product.md 'Licences'). */
  periodStart?: Date | undefined;
}

/** The number a document is built with before it has its own; replaced, never stored. */
const UNNUMBERED = 'FA-0000-00000';

async function store(
  tx: Transaction,
  kind: InvoiceKind,
  orderId: string,
  creditedInvoiceId: string | null,
  built: InvoiceDocument,
  issuedAt: Date,
  vatOnly = false,
): Promise<InvoiceRow> {
  // Sent to the e-invoicing platform by a job that exists if and only if the document does
  // (same transaction), written before the number is taken: the counter row waits for nothing
  // but the document's insert.
  const id = randomUUID();
  await queueEinvoiceSend(tx, id);
  const year = invoiceYear(issuedAt);
  const number = formatInvoiceNumber(kind, year, await takeNextNumber(tx, kind, year));
  return insertInvoice(tx, {
    id,
    kind,
    number,
    orderId,
    creditedInvoiceId,
    vatOnly,
    language: built.language,
    issuedAt,
    document: { ...built, number },
    pdf: null,
  });
}

/** The invoice of an order being paid, issued with its fulfilment. */
export function issueInvoice(
  tx: Transaction,
  stored: StoredOrder,
  paidAt: Date,
  { seller, issuedAt, periodStart }: IssueContext,
): Promise<InvoiceRow> {
  // Built before the number is taken: an order that cannot be invoiced fails here, before it
  // waits for the counter, and the counter waits for nothing but the insert.
  const input = invoiceInputFromOrder(stored, paidAt, periodStart);
  const built = buildInvoice(input, { number: UNNUMBERED, issuedAt, seller });
  return store(tx, 'invoice', stored.order.id, null, built, issuedAt);
}

/**
 * The credit note that cancels `invoice`, with its own number: in full, or what remains after
 * `alreadyCreditedCents` (its VAT, given back earlier by a credit note of the VAT alone).
 */
export function issueCreditNoteFor(
  tx: Transaction,
  invoice: InvoiceRow,
  { seller, issuedAt }: IssueContext,
  alreadyCreditedCents = 0,
): Promise<InvoiceRow> {
  const built = buildCreditNote(
    invoice.document,
    { number: UNNUMBERED, issuedAt, seller },
    alreadyCreditedCents,
  );
  return store(tx, 'credit_note', invoice.orderId, invoice.id, built, issuedAt);
}

/** The credit note of `invoice`'s VAT alone, once VIES confirmed the buyer's number. */
export function issueVatCreditNoteFor(
  tx: Transaction,
  invoice: InvoiceRow,
  { seller, issuedAt }: IssueContext,
): Promise<InvoiceRow> {
  const built = buildVatCreditNote(invoice.document, { number: UNNUMBERED, issuedAt, seller });
  return store(tx, 'credit_note', invoice.orderId, invoice.id, built, issuedAt, true);
}

/**
 * A stand-in for an invoice's number in what is written before the number is taken (the
 * confirmation e-mail), as long as a real number and unguessable, so nothing a buyer typed can
 * match it; `fillNumber` puts the number in its place once taken.
 */
export const numberPlaceholder = (): string => `FA-${randomBytes(5).toString('hex')}`;

/** `mail` with every `placeholder` in its subject, text and HTML replaced by `number`. */
export function fillNumber(mail: MailInput, placeholder: string, number: string): MailInput {
  const fill = (text: string) => text.replaceAll(placeholder, number);
  return {
    ...mail,
    subject: fill(mail.subject),
    text: fill(mail.text),
    ...(mail.html === undefined ? {} : { html: fill(mail.html) }),
  };
}
