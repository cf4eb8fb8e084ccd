import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * The former hand-written mail queue. Mail is now a pg-boss job (mail/job.ts); nothing writes
 * here any more. At start a server moves the rows still pending into the job queue
 * (mail/legacy-queue.ts), so an upgrade loses no message; the table is dropped in a later
 * release, once every installation has started on the job queue.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Where a reply goes, when not to the sender (the visitor of a contact message). */
    replyTo: text('reply_to'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_queue_status_valid', sql.raw(`status IN (${sqlList(MAIL_STATUSES)})`)),
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
