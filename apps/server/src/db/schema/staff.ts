import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A staff member's authenticator (docs/product.md 'Back office' ('Staff sign-in')): the TOTP
 * secret, encrypted with a key derived from the session secret so a copy of the table alone
 * yields no codes. `confirmed_at` is null while enrolment waits for a first good code;
 * `last_step` is the time step of the last code accepted, so a code works once.
 */
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes given at enrolment; only their hashes are kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('staff_recovery_codes_user_code_unique').on(t.userId, t.codeHash),
    check('staff_recovery_codes_hash_shape', sql`length(${t.codeHash}) = 64`),
  ],
);
