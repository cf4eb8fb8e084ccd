import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NEWSLETTER_STATUSES } from '@cadran/domain/staff-newsletter';
import { createdAt, sqlList } from './columns';

export { NEWSLETTER_STATUSES };

/** Newsletter subscribers: double opt-in, hence 'pending' until the address is confirmed. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
    locale: text('locale', { enum: ['fr', 'en'] })
      .notNull()
      .default('fr'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'newsletter_subscribers_status_valid',
      sql.raw(`status IN (${sqlList(NEWSLETTER_STATUSES)})`),
    ),
    check('newsletter_subscribers_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);
