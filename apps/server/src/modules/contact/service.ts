import { isHoneypotTripped, type ContactMessage } from '@cadran/domain/contact';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { MailBrand } from '../../mail/templates';
import { isDeliverableAddress } from '../../mail/queue';
import { contactAcknowledgement } from './acknowledgement';
import { supportNotification } from './notification';
import { insertContactMessage, markContactNotified, type ContactSender } from './repository';

export interface ContactServiceDeps {
  db: Database;
  mailer: Pick<Mailer, 'enqueue'>;
  /** The support address the notification goes to, and the mail's footer. */
  brand: MailBrand;
  log: FastifyBaseLogger;
}

export type ContactOutcome = { kind: 'stored'; id: string } | { kind: 'dropped' };

/**
 * Receives one contact message (POST /website/contact, docs/product.md 'Contact').
 * The message is stored first and only then announced to support, and acknowledged to its
 * sender, through the durable mail queue: an SMTP outage, or even a failure to queue the mail, never loses what the visitor
 * wrote. A filled honeypot means a bot: nothing is stored or sent, and the caller answers as
 * for a person so the bot learns nothing.
 */
export async function receiveContactMessage(
  deps: ContactServiceDeps,
  message: ContactMessage,
  sender: ContactSender,
): Promise<ContactOutcome> {
  if (isHoneypotTripped(message)) {
    deps.log.info({ ip: sender.ip }, 'contact form honeypot filled: message dropped');
    return { kind: 'dropped' };
  }

  const row = await insertContactMessage(deps.db, message, sender);
  try {
    await deps.mailer.enqueue(await supportNotification(row, deps.brand));
    await markContactNotified(deps.db, row.id);
  } catch (error) {
    // The visitor's message is safe in contact_messages; notified_at stays empty so an
    // operator can find the messages support was not told about.
    deps.log.error({ err: error, contactMessageId: row.id }, 'contact notification not queued');
  }
  // The sender hears that it arrived, when their address can take mail; a failure here loses
  // nothing support needs.
  if (isDeliverableAddress(row.email)) {
    try {
      await deps.mailer.enqueue(await contactAcknowledgement(row, deps.brand));
    } catch (error) {
      deps.log.error(
        { err: error, contactMessageId: row.id },
        'contact acknowledgement not queued',
      );
    }
  }
  deps.log.info({ contactMessageId: row.id, subject: row.subject }, 'contact message received');
  return { kind: 'stored', id: row.id };
}
