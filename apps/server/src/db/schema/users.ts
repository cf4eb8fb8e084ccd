import { sql } from 'drizzle-orm';
import { boolean, char, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { USER_ROLES } from '@cadran/domain/auth';
import { createdAt, sqlList, updatedAt } from './columns';

export const USER_LOCALES = ['fr', 'en'] as const;

/**
 * Accounts (docs/product.md 'Accounts and sessions'). The email is stored lowercased and
 * a CHECK enforces it, so the unique index really means one account per address.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('client'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    phone: text('phone').notNull(),
    addressLine1: text('address_line_1').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: char('country', { length: 2 }).notNull().default('FR'),
    locale: text('locale', { enum: USER_LOCALES }).notNull().default('fr'),
    /** The account's own VAT number, normalised as checkout stores it; null when none. */
    vatNumber: text('vat_number'),
    /**
     * The company's SIREN (9 digits, Luhn-checked), given on the profile and used by the next
     * orders of a French business that leaves checkout's field empty; null when none.
     */
    siren: text('siren'),
    /**
     * When the owner proved the address by a mailed link; null until then. Accounts older than
     * the check count as verified (docs/decisions/027-account-tokens-and-deletion.md).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When the owner deleted the account: the row stays, anonymised, for its orders. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When staff locked the account (docs/product.md 'Back office'): it cannot sign in and its
     * sessions are ended; null while it is open. The reason is kept for the next staff member.
     */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockReason: text('lock_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql.raw(`role IN (${sqlList(USER_ROLES)})`)),
    check('users_locale_valid', sql.raw(`locale IN (${sqlList(USER_LOCALES)})`)),
  ],
);

/**
 * Server-side sessions (docs/product.md 'Accounts and sessions' ('Sessions and tokens')): only a
 * hash of the opaque token is stored, so a leaked table does not yield usable cookies. Rows live in
 * the database so any process behind the load balancer can serve any request.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When a staff member proved their second factor in this session; null until then. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** A short label of the browser that signed in ("Chrome · Linux"); null when unknown. */
    device: text('device'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);
