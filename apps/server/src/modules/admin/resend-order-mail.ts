import type { ResendableOrderMail } from '@cadran/domain/staff-orders';
import { isUuid } from '@cadran/domain/uuid';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { queueMail, type MailInput } from '../../mail/queue';
import { mailBrand, type MailBrand } from '../../mail/templates';
import { invoiceAttachment } from '../invoices/attachment';
import { findInvoiceOfOrder } from '../invoices/repository';
import { LicensesRepository } from '../licenses/repository';
import {
  confirmationMail,
  renewalConfirmationMail,
  transferInstructionsMail,
  type OrderMailContext,
} from '../order-mail/emails';
import { findRecipient } from '../order-mail/recipient';
import type { OrdersRepository, StoredOrder } from '../orders/repository';
import type { BankTransferDetails } from '@cadran/domain/payments';

export interface ResendOrderMailDeps {
  db: Database;
  orders: Pick<OrdersRepository, 'findById'>;
  brand: MailBrand;
  /** A transfer order's account to pay and reference; undefined when transfers are off. */
  bankDetailsFor(order: StoredOrder['order']): BankTransferDetails | undefined;
}

export type ResendOrderMailResult =
  | { kind: 'queued'; to: string }
  | { kind: 'not_found' }
  | { kind: 'not_paid' }
  | { kind: 'not_awaiting_transfer' }
  | { kind: 'no_recipient' };

type Drawn = { mail: MailInput } | Exclude<ResendOrderMailResult, { kind: 'queued' }>;

/** The confirmation as the payment sent it: the keys (or the renewed one) and the invoice. */
async function confirmation(db: Database, ctx: OrderMailContext): Promise<Drawn> {
  const invoice = await findInvoiceOfOrder(db, ctx.order.id);
  if (ctx.order.paymentStatus !== 'paid' || !invoice) return { kind: 'not_paid' };
  const licences = new LicensesRepository(db);
  const renewed = await licences.renewedLicenceOfOrder(ctx.order.id);
  const mail = renewed
    ? await renewalConfirmationMail(
        ctx,
        { ...renewed, orderItemId: ctx.items[0]?.id ?? '' },
        invoice.number,
      )
    : await confirmationMail(ctx, await licences.listForOrder(ctx.order.id), invoice.number);
  return { mail: { ...mail, attachments: [invoiceAttachment(invoice)] } };
}

/** The bank details again, while the order still waits for its transfer. */
async function transferInstructions(
  deps: ResendOrderMailDeps,
  ctx: OrderMailContext,
): Promise<Drawn> {
  const awaiting = ctx.order.status === 'pending' && ctx.order.paymentStatus !== 'paid';
  const details = awaiting ? deps.bankDetailsFor(ctx.order) : undefined;
  if (!details) return { kind: 'not_awaiting_transfer' };
  return { mail: await transferInstructionsMail(ctx, details) };
}

/**
 * A staff member sends an order's e-mail again (docs/product.md 'Back office'): the buyer says
 * it never arrived, or lost it. The message is drawn anew from what is stored, in the order's
 * language, to the account's own address (never to one staff type, so the back office cannot
 * be used to write to strangers), queued with the audit entry in one transaction.
 */
export async function resendOrderMail(
  deps: ResendOrderMailDeps,
  orderId: string,
  which: ResendableOrderMail,
  actor: StaffActor,
): Promise<ResendOrderMailResult> {
  const stored = isUuid(orderId) ? await deps.orders.findById(orderId) : undefined;
  if (!stored) return { kind: 'not_found' };
  const recipient = await findRecipient(deps.db, stored.order.userId);
  if (!recipient) return { kind: 'no_recipient' };
  const ctx: OrderMailContext = { ...stored, recipient, brand: mailBrand(deps.brand) };
  const drawn =
    which === 'confirmation'
      ? await confirmation(deps.db, ctx)
      : await transferInstructions(deps, ctx);
  if (!('mail' in drawn)) return drawn;
  const queued = await deps.db.transaction(async (tx) => {
    if (!(await queueMail(tx, drawn.mail))) return false;
    await recordStaffAction(tx, actor, {
      action: 'order.resend_mail',
      target: { type: 'order', id: stored.order.id },
      after: { mail: which, to: recipient.email },
    });
    return true;
  });
  return queued ? { kind: 'queued', to: recipient.email } : { kind: 'no_recipient' };
}
