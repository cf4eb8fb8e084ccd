import { sendJob, sendJobOnce } from '../jobs/boss';
import type { Executor } from '../db/transaction';
import { MAIL_JOB } from './job';
import { MailInputSchema, type MailInput } from './message';

export {
  isDeliverableAddress,
  MailInputSchema,
  type CheckedMail,
  type MailAttachment,
  type MailInput,
} from './message';

/**
 * Queues one e-mail as a mail job written with `executor`, the database or an open
 * transaction. In a transaction the mail exists if and only if that transaction commits: an
 * order's confirmation is written with the payment it confirms. Nothing is sent here, so the
 * caller never waits on SMTP; the job runner delivers it, at once if woken after the commit
 * (`app.mailer.wake()`), else at its next poll. Throws, writing nothing, when the message is
 * not valid (no address mail can reach, an empty body). Resolves with the job id, which is
 * also the message's Message-ID and outbox file name.
 */
export function writeMailJob(executor: Executor, input: MailInput): Promise<string> {
  return sendJob(executor, MAIL_JOB, MailInputSchema.parse(input));
}

/**
 * `writeMailJob` for a business transaction: a message the queue would refuse (an address
 * that passed a form's simple pattern but that no mail can reach) is skipped and reported
 * with false, so a payment is never undone because its e-mail cannot be sent.
 */
export async function queueMail(executor: Executor, input: MailInput): Promise<boolean> {
  const mail = MailInputSchema.safeParse(input);
  if (!mail.success) return false;
  await sendJob(executor, MAIL_JOB, mail.data);
  return true;
}

/**
 * `queueMail` under an id derived from what the message is about (a payment's id for its
 * transfer instructions): a job that writes it and then runs again after a crash finds it
 * written and queues nothing. Resolves 'queued', 'already' (written before) or 'skipped' (a
 * message the queue would refuse).
 */
export async function queueMailOnce(
  executor: Executor,
  id: string,
  input: MailInput,
): Promise<'queued' | 'already' | 'skipped'> {
  const mail = MailInputSchema.safeParse(input);
  if (!mail.success) return 'skipped';
  return (await sendJobOnce(executor, MAIL_JOB, id, mail.data)) ? 'queued' : 'already';
}
