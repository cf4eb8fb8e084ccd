import { randomUUID } from 'node:crypto';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import { OPEN_ATTEMPT_INDEX, PROVIDER_REFERENCE_UNIQUE } from '../../db/schema/payments';
import { isUniqueViolation } from '../../db/unique-violation';
import type { StoredOrder } from '../orders/repository';
import type { PaymentsDependencies } from './payment-dependencies';
import type { PaymentRow } from './payment-records';
import { ProviderUnavailableError, type PaymentProvider, type PaymentRequest } from './provider';
import type { AttemptFollowUp } from './repository';
import { queueTransferInstructions, TRANSFER_INSTRUCTIONS_JOB } from './transfer-instructions';

/** What opening a payment uses: the attempts, the providers, and the job runner's bell. */
export type StartPaymentDependencies = Pick<
  PaymentsDependencies,
  'repository' | 'providerFor' | 'byName' | 'bankDetailsFor' | 'wakeJob'
>;

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
 * makes that safe). Bank transfers answer null and have the instructions mailed, to the
 * account's address, exactly once (transfer-instructions.ts).
 */
export async function startPayment(
  payments: StartPaymentDependencies,
  stored: StoredOrder,
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
      if (provider.opensLocally) return await insertOpened(payments, stored, provider);
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
  return openAttempt(payments, stored, payment);
}

/** The first attempt of a provider that opens without the network, written already open. */
async function insertOpened(
  payments: StartPaymentDependencies,
  stored: StoredOrder,
  provider: PaymentProvider,
): Promise<string | null> {
  const { order } = stored;
  const paymentId = randomUUID();
  const created = await provider.createPayment(paymentRequest(stored, paymentId));
  const followUp = openingFollowUp(payments, stored, provider);
  const row = await payments.repository.insertOpened(
    {
      id: paymentId,
      orderId: order.id,
      provider: provider.name,
      amountCents: order.totalCents,
      currency: order.currency,
    },
    created,
    followUp,
  );
  if (followUp) payments.wakeJob?.(TRANSFER_INSTRUCTIONS_JOB.name);
  return row.paymentUrl;
}

const paymentRequest = (stored: StoredOrder, paymentId: string): PaymentRequest => ({
  order: stored,
  paymentId,
  // The provider's own receipt goes to the billing e-mail: it is the buyer's accounting copy.
  customerEmail: StoredBillingAddressSchema.parse(stored.order.billingAddress).email,
  language: stored.order.locale,
});

/**
 * What is written with an attempt's opening: for a bank transfer the job that mails its
 * instructions (drawn by the job, not by this request); nothing for the other providers.
 */
function openingFollowUp(
  payments: StartPaymentDependencies,
  stored: StoredOrder,
  provider: PaymentProvider,
): AttemptFollowUp | undefined {
  if (provider.name !== 'bank_transfer' || !payments.bankDetailsFor(stored.order)) return undefined;
  return (tx, row) => queueTransferInstructions(tx, row.id);
}

/**
 * Opens an attempt at its provider when it is still 'created' and answers where the buyer
 * pays it; an attempt already opened answers its stored URL.
 */
export async function openAttempt(
  payments: StartPaymentDependencies,
  stored: StoredOrder,
  payment: PaymentRow,
): Promise<string | null> {
  const { repository } = payments;
  if (payment.status !== 'created') return payment.paymentUrl;

  const provider = payments.byName(payment.provider);
  if (!provider)
    throw new ProviderUnavailableError(`provider ${payment.provider} is not configured`);
  const created = await provider.createPayment(paymentRequest(stored, payment.id));
  const followUp = openingFollowUp(payments, stored, provider);
  const opened = await repository.open(payment.id, created, followUp);
  if (opened && followUp) payments.wakeJob?.(TRANSFER_INSTRUCTIONS_JOB.name);
  if (opened) return opened.paymentUrl;
  // Another request opened it first: its URL is the one to keep.
  return (await repository.findById(payment.id))?.paymentUrl ?? null;
}
