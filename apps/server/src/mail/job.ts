import { defineJob } from '../jobs/definition';
import type { JobHandler } from '../jobs/queue-worker';
import { MailInputSchema, type CheckedMail } from './message';
import type { MailTransport } from './transport';

/**
 * Delivering one e-mail is a background job: a request only writes it, a worker sends it.
 * Nine attempts spread over two to four hours (30 s, then doubling, with pg-boss's jitter); a
 * message still refused after that stays 'failed' with the last error. An attempt may take a
 * minute: the SMTP transport's own time-outs end a dead server well before.
 */
export const MAIL_JOB = defineJob<CheckedMail>({
  name: 'mail',
  payload: MailInputSchema,
  retryLimit: 8,
  retryDelaySeconds: 30,
  timeoutSeconds: 60,
  // A few at once: under a busy server each delivery waits for its database round trips.
  concurrency: 4,
});

/** The handler of MAIL_JOB: the job id names the message (Message-ID, outbox file). */
export const deliverMail =
  (transport: MailTransport, from: string): JobHandler<CheckedMail> =>
  async (mail, job) => {
    const delivered = await transport.send({
      id: job.id,
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      attachments: mail.attachments,
    });
    const facts = { mailId: job.id, kind: mail.kind, transport: transport.kind };
    if (delivered) job.log.info(facts, 'mail sent');
    // A repeated attempt (after a crash) found its message delivered: nothing sent twice.
    else job.log.warn(facts, 'mail already delivered: not sent again');
  };
