import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';

/** The subject options of the contact form (docs/product.md 'Contact'). */
export const CONTACT_SUBJECTS = ['information', 'demo', 'support', 'partnership', 'other'] as const;

/**
 * Messages from the contact form. Stored before any mail is sent, so a mail
 * outage loses nothing; `notified_at` records when the support team was told.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    subject: text('subject', { enum: CONTACT_SUBJECTS }).notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    locale: text('locale', { enum: ['fr', 'en'] })
      .notNull()
      .default('fr'),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    check('contact_messages_subject_valid', sql.raw(`subject IN (${sqlList(CONTACT_SUBJECTS)})`)),
    index('contact_messages_created_at_idx').on(t.createdAt),
  ],
);
