import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** What the queue hands to a transport: one message, already addressed and rendered. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  replyTo?: string | undefined;
  /** Stable id of the queue row, used as Message-ID seed and outbox file name. */
  id: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const toNodemailer = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
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
    send: async (mail) => {
      await transporter.sendMail(toNodemailer(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * Default transport (ARCHITECTURE.md 'Mail'): each message is written as an .eml file under
 * DATA_DIR/outbox, which any mail client opens. nodemailer's stream transport builds the exact
 * RFC 5322 message a real server would receive; the file appears atomically (write + rename)
 * so a reader never sees half a message.
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
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${mail.id}.eml`);
      const temp = path.join(outboxDir, `.${randomUUID()}.tmp`);
      await writeFile(temp, raw);
      await rename(temp, file);
    },
    close: () => builder.close(),
  };
}
