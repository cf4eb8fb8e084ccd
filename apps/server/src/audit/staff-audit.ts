import type { AuditAction, AuditEntry, AuditQuery } from '@cadran/domain/audit';
import { and, count, desc, eq, gte, like, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staffAuditEntries } from '../db/schema/audit';
import type { Executor } from '../db/transaction';

/**
 * The staff audit trail (docs/product.md 'Back office'). `recordStaffAction` takes the executor
 * of the action's own transaction: the entry exists if and only if the change does. The table
 * refuses updates and deletes (see its schema), so what is written here stays.
 */

export interface StaffActor {
  id: string;
  email: string;
}

export interface StaffAction {
  action: AuditAction;
  target: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
}

/** JSON of a value as the API would show it: dates as ISO strings, undefined as null. */
const snapshot = (value: unknown): unknown =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);

export async function recordStaffAction(
  executor: Executor,
  actor: StaffActor,
  entry: StaffAction,
): Promise<void> {
  await executor.insert(staffAuditEntries).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: String(entry.target.id),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}

type AuditRow = typeof staffAuditEntries.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, email: row.actorEmail },
  action: row.action,
  target: { type: row.targetType, id: row.targetId },
  before: row.before ?? null,
  after: row.after ?? null,
});

/** Entries, newest first, filtered by actor, action (or its area), target and period. */
export async function listStaffActions(
  db: Database,
  query: AuditQuery,
): Promise<{ data: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.actor_id) conditions.push(eq(staffAuditEntries.actorId, query.actor_id));
  if (query.action) {
    const byAction = query.action.includes('.')
      ? eq(staffAuditEntries.action, query.action)
      : // An area alone: its actions all start with "area." (the pattern holds no wildcard).
        or(
          eq(staffAuditEntries.action, query.action),
          like(staffAuditEntries.action, `${query.action.replace(/_/g, '\\_')}.%`),
        );
    if (byAction) conditions.push(byAction);
  }
  if (query.target_type) conditions.push(eq(staffAuditEntries.targetType, query.target_type));
  if (query.target_id) conditions.push(eq(staffAuditEntries.targetId, query.target_id));
  if (query.from) conditions.push(gte(staffAuditEntries.at, new Date(query.from)));
  if (query.to) conditions.push(lte(staffAuditEntries.at, new Date(query.to)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [totalRow] = await db.select({ n: count() }).from(staffAuditEntries).where(where);
  const rows = await db
    .select()
    .from(staffAuditEntries)
    .where(where)
    .orderBy(desc(staffAuditEntries.at), desc(staffAuditEntries.id))
    .limit(query.limit)
    .offset(query.offset);
  return { data: rows.map(toEntry), total: totalRow?.n ?? 0 };
}
