import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What staff did (docs/product.md 'Back office'): one row per action, written in the action's
 * own transaction, with the target as it was before and after. Rows are never changed: a
 * trigger (migration 0008) refuses UPDATE and DELETE, so not even the application can rewrite
 * history. The actor is kept by id and e-mail, without a foreign key, so an entry outlives the
 * account that wrote it.
 */
export const staffAuditEntries = pgTable(
  'staff_audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done, as `area.verb`: 'roadmap.update', 'promo_code.create', 'order.mark_paid'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('staff_audit_entries_at_idx').on(t.at),
    index('staff_audit_entries_target_idx').on(t.targetType, t.targetId),
    index('staff_audit_entries_actor_idx').on(t.actorId, t.at),
  ],
);
