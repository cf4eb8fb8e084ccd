import { z } from 'zod';
import { sendJob } from '../../jobs/boss';
import { defineJob } from '../../jobs/definition';
import type { Executor } from '../../db/transaction';
import { queueMailOnce } from '../../mail/queue';
import { mailBrand } from '../../mail/templates';
import { transferInstructionsMail } from '../order-mail/emails';
import type { PaymentsDependencies } from './payment-dependencies';

/**
 * A bank transfer's instructions are mailed by a job, not drawn in the request that places the
 * order: drawing the message costs more than the rest of the order's CPU work, and the buyer
 * sees the same details on the success page at once. The job is written in the transaction
 * that opens the attempt, so it exists if and only if the attempt does.
 */
export const TRANSFER_INSTRUCTIONS_JOB = defineJob<{ paymentId: string }>({
  name: 'payment-transfer-instructions',
  payload: z.object({ paymentId: z.string().uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  timeoutSeconds: 60,
  // Claimed and completed in batches: under a run of transfer orders, one claim and one
  // completion per job would cost the database more than drawing the message does.
  concurrency: 8,
});

export const queueTransferInstructions = (tx: Executor, paymentId: string): Promise<string> =>
  sendJob(tx, TRANSFER_INSTRUCTIONS_JOB, { paymentId });

export type TransferInstructionsOutcome =
  /** The mail job is written, under the payment's id. */
  | 'queued'
  /** An earlier run of this job wrote it (a crash after that write, before the job ended). */
  | 'already'
  /** Nothing to send: the attempt is no longer awaiting the transfer, the account is gone, or
   * bank transfers are no longer configured. */
  | 'skipped';

/**
 * The job: draws the instructions for the attempt, to the account's own address in the
 * order's language, and queues them under the payment's id, so a job that runs twice mails
 * them once. An attempt already paid or cancelled when the job runs gets no instructions.
 */
export async function mailTransferInstructions(
  payments: Pick<
    PaymentsDependencies,
    'db' | 'config' | 'repository' | 'orders' | 'bankDetailsFor'
  >,
  paymentId: string,
): Promise<TransferInstructionsOutcome> {
  const { db, config } = payments;
  const found = await payments.repository.findWithRecipient(paymentId);
  if (found?.payment.status !== 'pending') return 'skipped';
  const details = payments.bankDetailsFor(found.order);
  const stored = details && (await payments.orders.withItems(found.order));
  if (!details || !stored) return 'skipped';
  const mail = await transferInstructionsMail(
    { ...stored, recipient: found.recipient, brand: mailBrand(config) },
    details,
  );
  return queueMailOnce(db, paymentId, mail);
}
