import { defineJob } from '../jobs/definition';
import type { JobHandler } from '../jobs/queue-worker';
import {
  MAIL_ATTACHMENT_MAX_BYTES,
  MailInputSchema,
  type CheckedMail,
  type MailAttachment,
} from './message';
import type { MailTransport, OutgoingAttachment } from './transport';

/** Reads a stored document's bytes for an attachment (the invoices module gives it). */
export type StoredAttachmentReader = (documentId: string) => Promise<Buffer | undefined>;

async function attachmentBytes(
  attachment: MailAttachment,
  readStored: StoredAttachmentReader | undefined,
): Promise<OutgoingAttachment> {
  let content: Buffer | undefined;
  if (attachment.contentBase64 !== undefined) {
    content = Buffer.from(attachment.contentBase64, 'base64');
  } else if (attachment.storedDocumentId !== undefined && readStored) {
    content = await readStored(attachment.storedDocumentId);
  }
  // Thrown, the attempt fails and the job is retried later, like a refused delivery.
  if (!content) throw new Error(`attachment ${attachment.filename} cannot be read`);
  if (content.length > MAIL_ATTACHMENT_MAX_BYTES) {
    throw new Error(`attachment ${attachment.filename} is over ${MAIL_ATTACHMENT_MAX_BYTES} bytes`);
  }
  return { filename: attachment.filename, contentType: attachment.contentType, content };
}

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
  (
    transport: MailTransport,
    from: string,
    readStored?: StoredAttachmentReader,
  ): JobHandler<CheckedMail> =>
  async (mail, job) => {
    const attachments = mail.attachments
      ? await Promise.all(mail.attachments.map((item) => attachmentBytes(item, readStored)))
      : undefined;
    const delivered = await transport.send({
      id: job.id,
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      listUnsubscribeUrl: mail.listUnsubscribeUrl,
      attachments,
    });
    const facts = { mailId: job.id, kind: mail.kind, transport: transport.kind };
    if (delivered) job.log.info(facts, 'mail sent');
    // A repeated attempt (after a crash) found its message delivered: nothing sent twice.
    else job.log.warn(facts, 'mail already delivered: not sent again');
  };
