import type { Language } from '@cadran/domain/constants';
import type { PaymentStatus } from '@cadran/domain/order-status';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import { invoiceUrl } from '../invoices/routes';
import { toApiOrder } from '../orders/order-answer';
import type { StoredOrder } from '../orders/repository';

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
  // Transfer orders carry the account to pay and their reference. An invoice is issued in
  // the transaction that records the payment, so an order never paid has none: no lookup
  // (every new order's answer would otherwise pay for one).
  const answer = async (stored: StoredOrder, lang: Language) =>
    toApiOrder(stored, lang, {
      bankTransfer: app.payments.bankDetailsFor(stored.order),
      invoice: NEVER_PAID.has(stored.order.paymentStatus)
        ? null
        : await invoiceRefOf(app, stored.order.id),
    });
  // The reads of an existing order say where an open attempt is paid (the failure page).
  const readAnswer = async (stored: StoredOrder, lang: Language) => ({
    ...(await answer(stored, lang)),
    payment_url: NEVER_PAID.has(stored.order.paymentStatus)
      ? await app.payments.openPaymentUrl(stored.order.id)
      : null,
  });
  return { answer, readAnswer };
}

/** The order's invoice as its answer links it; null until one is issued. */
async function invoiceRefOf(app: FastifyInstance, orderId: string) {
  const documents = await app.invoices.listForOrder(orderId);
  const invoice = documents.find((document) => document.kind === 'invoice');
  return invoice
    ? {
        number: invoice.number,
        issued_at: invoice.issuedAt.toISOString(),
        url: invoiceUrl(orderId),
      }
    : null;
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
