import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import { OPEN_ATTEMPT_INDEX } from '../../db/schema/payments';
import { isUniqueViolation } from '../../db/unique-violation';
import { transferInstructionsMail } from '../order-mail/emails';
import type { MailRecipient } from '../order-mail/recipient';
import type { StoredOrder } from '../orders/repository';
import type { PaymentRow } from './payment-records';
import { ProviderUnavailableError } from './provider';
import type { PaymentsService } from './service';

/** Neither the provider nor the sandbox can take this method: the order is refused. */
export class MethodUnavailableError extends Error {
  constructor(readonly method: string) {
    super(`payment method ${method} is not available`);
    this.name = 'MethodUnavailableError';
  }
}

/**
 * The payment URL of a new order, creating its first attempt on first call. A replayed order
 * creation gets the URL of the order's latest attempt; an attempt left 'created' by a provider
 * failure is opened again (the provider's idempotency key, derived from the attempt's id,
 * makes that safe). Bank transfers answer null and queue the instructions mail, to the
 * account's address, exactly once.
 */
export async function startPayment(
  payments: PaymentsService,
  stored: StoredOrder,
  recipient: MailRecipient,
  options: { justCreated?: boolean } = {},
): Promise<string | null> {
  const { repository } = payments;
  const { order } = stored;
  // An order written by this very request has no payment yet: no need to look for one.
  let payment = options.justCreated ? undefined : await repository.findLatestForOrder(order.id);
  if (!payment) {
    const provider = payments.providerFor(order.paymentMethod);
    if (!provider) throw new MethodUnavailableError(order.paymentMethod);
    try {
      payment = await repository.insertCreated({
        orderId: order.id,
        provider: provider.name,
        amountCents: order.totalCents,
        currency: order.currency,
      });
    } catch (error) {
      // A concurrent replay inserted the attempt first: that one is the order's.
      if (!isUniqueViolation(error, OPEN_ATTEMPT_INDEX)) throw error;
      payment = await repository.findOpenForOrder(order.id);
      if (!payment) throw error;
    }
  }
  return openAttempt(payments, stored, payment, recipient);
}

/**
 * Opens an attempt at its provider when it is still 'created' and answers where the buyer
 * pays it; an attempt already opened answers its stored URL.
 */
export async function openAttempt(
  payments: PaymentsService,
  stored: StoredOrder,
  payment: PaymentRow,
  recipient: MailRecipient,
): Promise<string | null> {
  const { repository } = payments;
  const { order } = stored;
  if (payment.status !== 'created') return payment.paymentUrl;

  const provider = payments.byName(payment.provider);
  if (!provider)
    throw new ProviderUnavailableError(`provider ${payment.provider} is not configured`);
  const created = await provider.createPayment({
    order: stored,
    paymentId: payment.id,
    // The provider's own receipt goes to the billing e-mail: it is the buyer's accounting copy.
    customerEmail: StoredBillingAddressSchema.parse(order.billingAddress).email,
    language: order.locale,
  });
  const bankDetails =
    provider.name === 'bank_transfer' ? payments.bankDetailsFor(order) : undefined;
  const { publicUrl, supportEmail } = payments.options.config;
  const mail = bankDetails
    ? transferInstructionsMail(
        { order, items: stored.items, recipient, publicUrl, supportEmail },
        bankDetails,
      )
    : undefined;
  const opened = await repository.open(payment.id, created, mail);
  if (opened?.queued) payments.options.onMailQueued?.();
  if (opened) return opened.row.paymentUrl;
  // Another request opened it first: its URL is the one to keep.
  return (await repository.findById(payment.id))?.paymentUrl ?? null;
}
