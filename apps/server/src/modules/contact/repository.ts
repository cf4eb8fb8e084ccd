import type { ContactMessage } from '@cadran/domain/contact';
import type { Language } from '@cadran/domain/constants';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';

export type StoredContactMessage = typeof contactMessages.$inferSelect;

export interface ContactSender {
  ip: string;
  userAgent: string | undefined;
  locale: Language;
}

/** Longest user agent kept: enough to recognise a browser, too short to store junk. */
const USER_AGENT_MAX = 512;

export async function insertContactMessage(
  db: Database,
  message: ContactMessage,
  sender: ContactSender,
): Promise<StoredContactMessage> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: message.name,
      email: message.email,
      company: message.company === '' ? null : message.company,
      subject: message.subject,
      message: message.message,
      ip: sender.ip,
      userAgent: sender.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      locale: sender.locale,
    })
    .returning();
  if (!row) throw new Error('contact_messages insert returned no row');
  return row;
}

/** Records that the support notification is safely in the mail queue. */
export async function markContactNotified(db: Database, id: string): Promise<void> {
  await db
    .update(contactMessages)
    .set({ notifiedAt: sql`now()` })
    .where(eq(contactMessages.id, id));
}
