import type { Language } from '@cadran/domain/constants';
import type { MessageKey } from '@cadran/domain/messages';
import type { Order } from '@cadran/domain/orders';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import { localize } from '../../http/messages';
import { toApiOrder } from '../orders/order-answer';
import type { StoredOrder } from '../orders/repository';
import type { PaymentsService } from '../payments/service';
import type { OpenedPayment } from './checkout';

/** A method no provider takes on this install: the payload's field is named. */
export const methodUnavailable = () =>
  new HttpError(422, 'payment.method_unavailable', {
    fieldErrors: { payment_method: ['payment.method_unavailable'] },
  });

/**
 * The one answer of a placed order and its opened payment, whoever placed it (a checkout, a
 * renewal, a plan change): 201 with the order and where to pay it, a replay marked as such, a
 * method nobody takes refused (422), a provider out of reach answered 502 (the order exists;
 * paying it again opens its payment).
 */
export async function answerOpenedOrder(
  request: FastifyRequest,
  reply: FastifyReply,
  result: OpenedPayment,
  options: {
    language: Language;
    /** The order as this route answers it. */
    answer: (stored: StoredOrder) => Order | Promise<Order>;
    message: MessageKey;
    /** What the log line of a new order says, and the facts it carries. */
    created: { message: string; facts: object };
  },
) {
  if (result.kind === 'method_unavailable') throw methodUnavailable();
  if (result.kind === 'provider_unavailable') {
    request.log.error({ err: result.cause, orderId: result.order.order.id }, 'payment not opened');
    throw new HttpError(502, 'payment.provider_unavailable');
  }
  if (result.kind === 'created') {
    request.log.info(
      {
        orderId: result.order.order.id,
        total: result.order.order.totalCents,
        ...options.created.facts,
      },
      options.created.message,
    );
  } else {
    reply.header('idempotent-replayed', 'true');
  }
  return reply.code(201).send({
    success: true as const,
    order: await options.answer(result.order),
    payment_url: result.paymentUrl,
    message: localize(options.message, options.language),
  });
}

/**
 * The answer of an order for an existing licence just placed (a renewal, a plan change): unpaid,
 * so without an invoice yet; a transfer's account to pay when paid by transfer.
 */
export const unpaidOrderAnswer =
  (payments: Pick<PaymentsService, 'bankDetailsFor'>, lang: Language) => (stored: StoredOrder) =>
    toApiOrder(stored, lang, {
      bankTransfer: payments.bankDetailsFor(stored.order),
      invoice: null,
    });
