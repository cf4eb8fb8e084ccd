import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_MESSAGE_STATUSES } from '@cadran/domain/staff-messages';
import { createdAt, sqlList } from './columns';
import { users } from './users';

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
    /** Where the back office stands with it: new, read, answered (a reply went), archived. */
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('new'),
  },
  (t) => [
    check('contact_messages_subject_valid', sql.raw(`subject IN (${sqlList(CONTACT_SUBJECTS)})`)),
    check(
      'contact_messages_status_valid',
      sql.raw(`status IN (${sqlList(CONTACT_MESSAGE_STATUSES)})`),
    ),
    index('contact_messages_created_at_idx').on(t.createdAt),
    index('contact_messages_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Replies staff sent to a contact message, by e-mail (docs/product.md 'Back office'
 * ('Messages')): written with the mail job that carries them, so the history shows exactly
 * what was queued. The staff member's address is copied: it must still read right after
 * their account changes.
 */
export const contactMessageReplies = pgTable(
  'contact_message_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    body: text('body').notNull(),
    mailJobId: text('mail_job_id'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_message_replies_message_idx').on(t.messageId, t.createdAt)],
);
