import type { Language } from '@cadran/domain/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/newsletter';

export type Subscriber = typeof newsletterSubscribers.$inferSelect;

/**
 * Registers an address, or finds it when it is already there: the unique email column makes
 * two concurrent sign-ups of one address end as one row. A pending or unsubscribed address
 * (asking again) goes back to pending in the language just chosen; a confirmed one is left
 * as it is. `created` says whether the row is new.
 */
export async function upsertPendingSubscriber(
  db: Database,
  email: string,
  locale: Language,
): Promise<{ subscriber: Subscriber; created: boolean }> {
  const [inserted] = await db
    .insert(newsletterSubscribers)
    .values({ email, locale })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning();
  if (inserted) return { subscriber: inserted, created: true };

  const [reopened] = await db
    .update(newsletterSubscribers)
    .set({ status: 'pending', locale })
    .where(
      and(
        eq(newsletterSubscribers.email, email),
        sql`${newsletterSubscribers.status} <> 'confirmed'`,
      ),
    )
    .returning();
  if (reopened) return { subscriber: reopened, created: false };

  const [existing] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (!existing) throw new Error('newsletter subscriber vanished during sign-up');
  return { subscriber: existing, created: false };
}

export async function findSubscriber(db: Database, id: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return row;
}

/** pending -> confirmed; a confirmed row is left untouched, so confirming twice is harmless. */
export async function confirmSubscriber(db: Database, id: string): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: sql`now()` })
    .where(and(eq(newsletterSubscribers.id, id), eq(newsletterSubscribers.status, 'pending')));
}
