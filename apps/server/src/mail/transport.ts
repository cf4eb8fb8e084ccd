import { randomUUID } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** An attachment ready to send: its bytes are known. */
export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What the queue hands to a transport: one message, already addressed and rendered. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  replyTo?: string | undefined;
  /** One-click unsubscribe (RFC 8058): `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  listUnsubscribeUrl?: string | undefined;
  attachments?: OutgoingAttachment[] | undefined;
  /** The mail job's id, the same on every attempt: Message-ID seed and outbox file name. */
  id: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves with false when this message (same id) had already been delivered. */
  send(mail: OutgoingMail): Promise<boolean>;
  close(): void;
}

const toNodemailer = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  ...(mail.listUnsubscribeUrl
    ? {
        list: { unsubscribe: mail.listUnsubscribeUrl },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      }
    : {}),
  ...(mail.attachments?.length
    ? {
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
      }
    : {}),
  messageId: `<${mail.id}@cadran.mail>`,
});

/** A real SMTP server (SMTP_URL). Bounded timeouts so a dead server never stalls the worker. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    // A crash between the server's acceptance and the job's completion sends the message
    // again, under the same Message-ID, by which mail clients recognise the copy.
    send: async (mail) => {
      await transporter.sendMail(toNodemailer(mail));
      return true;
    },
    close: () => transporter.close(),
  };
}

/**
 * Default transport: each message is written as `<job id>.eml` under DATA_DIR/outbox, which
 * any mail client opens. nodemailer's stream transport builds the exact RFC 5322 message a
 * real server would receive. The file appears whole (written aside, then hard-linked into
 * place) and only once: an attempt repeated after a crash finds it there and writes nothing,
 * so the outbox holds each message exactly once however often its job ran.
 */
export function outboxTransport(outboxDir: string): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    send: async (mail) => {
      const info = await builder.sendMail(toNodemailer(mail));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('stream transport returned no buffer');
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, outboxFileName(mail.id));
      const temp = path.join(outboxDir, `.${randomUUID()}.tmp`);
      await writeFile(temp, raw);
      try {
        // link() fails if the name exists, where rename() would replace it.
        await link(temp, file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      } finally {
        await unlink(temp);
      }
    },
    close: () => builder.close(),
  };
}

/** The outbox file of a message. */
export const outboxFileName = (mailId: string): string => `${mailId}.eml`;
