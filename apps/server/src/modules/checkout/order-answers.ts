import type { Language } from '@cadran/domain/constants';
import {
  OrderStatusSchema,
  PaymentStatusSchema,
  type PaymentStatus,
} from '@cadran/domain/order-status';
import { centsToDecimalString } from '@cadran/domain/money';
import type { OrderEvent } from '@cadran/domain/orders';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import type { InvoiceSummary } from '../invoices/repository';
import { creditNoteUrl, invoiceUrl } from '../invoices/routes';
import { toApiOrder } from '../orders/order-answer';
import type { StoredOrder } from '../orders/repository';
import { withdrawalOf } from '../orders/withdrawal-facts';

/** What the order routes share: the order answer, the buyer check and the creation limit. */

/**
 * Per account, not per IP: a customer places a few orders a day; a script driving a stolen
 * session should not fill the table. Idempotent replays count too, which costs a retrying
 * browser nothing at this size. A new payment attempt counts as an order placed.
 */
export const ORDER_CREATE_RATE_LIMIT = { name: 'orders-create', max: 30, windowMs: 15 * 60 * 1000 };

/** Payment statuses of an order that was never paid, hence has no invoice. */
const NEVER_PAID: ReadonlySet<PaymentStatus> = new Set<PaymentStatus>([
  'unpaid',
  'pending',
  'failed',
]);

export const orderNotFound = () => new HttpError(404, 'orders.not_found');

export function orderAnswers(app: FastifyInstance) {
  const now = () => app.licenses.now();
  // An invoice is issued in the transaction that records the payment, so an order never paid
  // has no document: no lookup (every new order's answer would otherwise pay for one).
  const documentsOf = (stored: StoredOrder) =>
    NEVER_PAID.has(stored.order.paymentStatus)
      ? Promise.resolve([])
      : app.invoices.listForOrder(stored.order.id);
  // Transfer orders carry the account to pay and their reference.
  const toAnswer = (stored: StoredOrder, lang: Language, documents: InvoiceSummary[]) =>
    toApiOrder(stored, lang, {
      bankTransfer: app.payments.bankDetailsFor(stored.order),
      invoice: invoiceRefOf(documents, stored.order.id),
    });
  const answer = async (stored: StoredOrder, lang: Language) =>
    toAnswer(stored, lang, await documentsOf(stored));
  // The reads of an existing order say where an open attempt is paid (the failure page), and
  // carry its history and credit notes (the client area, docs/product.md 'Client area').
  const readAnswer = async (stored: StoredOrder, lang: Language) => {
    const [documents, events, paymentUrl] = await Promise.all([
      documentsOf(stored),
      app.orders.repository.listEvents(stored.order.id),
      NEVER_PAID.has(stored.order.paymentStatus)
        ? app.payments.openPaymentUrl(stored.order.id)
        : Promise.resolve(null),
    ]);
    return {
      ...toAnswer(stored, lang, documents),
      payment_url: paymentUrl,
      withdrawal: withdrawalOf(stored.order, documents, now()),
      events: ownerEvents(events),
      credit_notes: documents
        .filter((document) => document.kind === 'credit_note')
        .map((note) => ({
          number: note.number,
          issued_at: note.issuedAt.toISOString(),
          url: creditNoteUrl(stored.order.id, note.number),
          total: centsToDecimalString(note.totalCents),
        })),
    };
  };
  return { answer, readAnswer };
}

/** The order's invoice as its answer links it; null until one is issued. */
function invoiceRefOf(documents: InvoiceSummary[], orderId: string) {
  const invoice = documents.find((document) => document.kind === 'invoice');
  return invoice
    ? {
        number: invoice.number,
        issued_at: invoice.issuedAt.toISOString(),
        url: invoiceUrl(orderId),
      }
    : null;
}

type EventRow = Awaited<ReturnType<FastifyInstance['orders']['repository']['listEvents']>>[number];

/**
 * The moves of the order its owner reads: a flag set for staff (an amount to check) is the
 * staff's business and stays out, and a row the state machine would not write today is skipped
 * rather than failing the whole answer.
 */
function ownerEvents(rows: EventRow[]): OrderEvent[] {
  return rows.flatMap((row) => {
    const to = OrderStatusSchema.safeParse(row.toStatus);
    if (!to.success || row.reason?.startsWith('flagged:')) return [];
    const from = OrderStatusSchema.safeParse(row.fromStatus);
    const payment = PaymentStatusSchema.safeParse(row.paymentStatus);
    return [
      {
        at: row.createdAt.toISOString(),
        from: from.success ? from.data : null,
        to: to.data,
        payment_status: payment.success ? payment.data : null,
        reason: row.reason,
      },
    ];
  });
}

/**
 * The anonymous get the checkout's own 401 message (docs/product.md 'Checkout' ('Submitting')).
 */
export function buyerOnly(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.requireUser(request, reply);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        throw new HttpError(401, 'checkout.login_required');
      }
      throw error;
    }
  };
}

/** Counts one order attempt for the signed-in account; 429 with Retry-After beyond the limit. */
export function orderRateLimit(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const who = request.auth?.account.id ?? request.ip;
    const result = await app.rateLimiter.hit(
      `${ORDER_CREATE_RATE_LIMIT.name}:${who}`,
      ORDER_CREATE_RATE_LIMIT,
    );
    if (result.allowed) return;
    throw new HttpError(429, 'server.rate_limited', {
      params: { seconds: result.retryAfterSeconds },
      headers: { 'retry-after': String(result.retryAfterSeconds) },
    });
  };
}
