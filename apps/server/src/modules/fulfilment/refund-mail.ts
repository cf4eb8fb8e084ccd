import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '../../db/transaction';
import { queueMail } from '../../mail/queue';
import { mailBrand, type MailBrand } from '../../mail/templates';
import { invoiceAttachment } from '../invoices/attachment';
import type { InvoiceRow } from '../invoices/repository';
import { findRecipient } from '../order-mail/recipient';
import { refundMail, type RefundMailContext } from '../order-mail/refund-email';
import type { OrderRow } from '../orders/repository';

/** What a refund's e-mail says besides its order, reader and credit note. */
export type RefundMailFacts = Omit<
  RefundMailContext,
  'order' | 'recipient' | 'brand' | 'creditNoteNumber'
>;

/**
 * Queues the refund e-mail of `order` to its account, in the caller's transaction, with the
 * credit note attached when there is one. An account without a sendable address is logged.
 */
export async function queueRefundMail(
  tx: Transaction,
  deps: MailBrand & { log: Pick<FastifyBaseLogger, 'warn'> },
  order: OrderRow,
  creditNote: InvoiceRow | null,
  facts: RefundMailFacts,
): Promise<void> {
  const recipient = await findRecipient(tx, order.userId);
  const queued =
    recipient !== undefined &&
    (await queueMail(tx, {
      ...(await refundMail({
        ...facts,
        order,
        recipient,
        creditNoteNumber: creditNote?.number ?? null,
        brand: mailBrand(deps),
      })),
      attachments: creditNote ? [invoiceAttachment(creditNote)] : [],
    }));
  if (!queued) deps.log.warn({ orderId: order.id }, 'refund e-mail not sendable');
}
