import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { users } from './users';

/** What a single-use account link is for (docs/product.md 'Accounts and sessions'). */
export const ACCOUNT_TOKEN_PURPOSES = ['password_reset', 'email_confirm', 'email_change'] as const;

/**
 * Single-use links mailed to an account's owner (docs/decisions/027-account-tokens-and-deletion.md):
 * only the SHA-256 of the 256-bit token is kept, so a copy of the table opens nothing. A link
 * is spent by setting `used_at` in the statement that checks it, so two clicks cannot both
 * succeed; `new_email` is the address an e-mail change moves to.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_user_id_idx').on(t.userId, t.purpose),
    check(
      'account_tokens_purpose_valid',
      sql.raw(`purpose IN (${sqlList(ACCOUNT_TOKEN_PURPOSES)})`),
    ),
    check(
      'account_tokens_new_email_only_for_change',
      sql`(${t.purpose} = 'email_change') = (${t.newEmail} IS NOT NULL)`,
    ),
    check('account_tokens_new_email_lowercase', sql`${t.newEmail} = lower(${t.newEmail})`),
  ],
);
