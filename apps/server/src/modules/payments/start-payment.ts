import { randomUUID } from 'node:crypto';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import { OPEN_ATTEMPT_INDEX, PROVIDER_REFERENCE_UNIQUE } from '../../db/schema/payments';
import { isUniqueViolation } from '../../db/unique-violation';
import { mailBrand } from '../../mail/templates';
import { transferInstructionsMail } from '../order-mail/emails';
import type { MailRecipient } from '../order-mail/recipient';
import type { StoredOrder } from '../orders/repository';
import type { PaymentRow } from './payment-records';
import { ProviderUnavailableError, type PaymentProvider, type PaymentRequest } from './provider';
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
      if (provider.opensLocally) return await insertOpened(payments, stored, provider, recipient);
      payment = await repository.insertCreated({
        orderId: order.id,
        provider: provider.name,
        amountCents: order.totalCents,
        currency: order.currency,
      });
    } catch (error) {
      // A concurrent replay inserted the attempt first: that one is the order's. An attempt
      // written already open carries its reference, which may be the one that clashes.
      const twin =
        isUniqueViolation(error, OPEN_ATTEMPT_INDEX) ||
        (provider.opensLocally === true && isUniqueViolation(error, PROVIDER_REFERENCE_UNIQUE));
      if (!twin) throw error;
      payment = await repository.findOpenForOrder(order.id);
      if (!payment) throw error;
    }
  }
  return openAttempt(payments, stored, payment, recipient);
}

/** The first attempt of a provider that opens without the network, written already open. */
async function insertOpened(
  payments: PaymentsService,
  stored: StoredOrder,
  provider: PaymentProvider,
  recipient: MailRecipient,
): Promise<string | null> {
  const { order } = stored;
  const paymentId = randomUUID();
  const created = await provider.createPayment(paymentRequest(stored, paymentId));
  const opened = await payments.repository.insertOpened(
    {
      id: paymentId,
      orderId: order.id,
      provider: provider.name,
      amountCents: order.totalCents,
      currency: order.currency,
    },
    created,
    await openingMail(payments, stored, provider, recipient),
  );
  if (opened.queued) payments.options.onMailQueued?.();
  return opened.row.paymentUrl;
}

const paymentRequest = (stored: StoredOrder, paymentId: string): PaymentRequest => ({
  order: stored,
  paymentId,
  // The provider's own receipt goes to the billing e-mail: it is the buyer's accounting copy.
  customerEmail: StoredBillingAddressSchema.parse(stored.order.billingAddress).email,
  language: stored.order.locale,
});

/** The mail that goes out with an attempt's opening: a bank transfer's instructions. */
async function openingMail(
  payments: PaymentsService,
  stored: StoredOrder,
  provider: PaymentProvider,
  recipient: MailRecipient,
) {
  const bankDetails =
    provider.name === 'bank_transfer' ? payments.bankDetailsFor(stored.order) : undefined;
  if (!bankDetails) return undefined;
  return transferInstructionsMail(
    {
      order: stored.order,
      items: stored.items,
      recipient,
      brand: mailBrand(payments.options.config),
    },
    bankDetails,
  );
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
  if (payment.status !== 'created') return payment.paymentUrl;

  const provider = payments.byName(payment.provider);
  if (!provider)
    throw new ProviderUnavailableError(`provider ${payment.provider} is not configured`);
  const created = await provider.createPayment(paymentRequest(stored, payment.id));
  // Drawn before the transaction that opens the payment, which then only writes it.
  const mail = await openingMail(payments, stored, provider, recipient);
  const opened = await repository.open(payment.id, created, mail);
  if (opened?.queued) payments.options.onMailQueued?.();
  if (opened) return opened.row.paymentUrl;
  // Another request opened it first: its URL is the one to keep.
  return (await repository.findById(payment.id))?.paymentUrl ?? null;
}
