import { asc, eq, inArray } from 'drizzle-orm';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { roadmapItems } from '../../db/schema/roadmap';

/**
 * The order of one roadmap column, as staff drag it (docs/product.md 'Roadmap' ('Managing the
 * roadmap')): the ids of every item of one status, in their new order, become sort orders 0, 1,
 * 2… in one transaction that locks the column, with one audit entry of the order before and
 * after. Partial orders are refused: an item left out would keep a sort order that no longer
 * means anything beside the others.
 */

export type ReorderOutcome =
  | { kind: 'reordered'; status: string }
  | { kind: 'not_found' }
  | { kind: 'mixed_status' }
  | { kind: 'incomplete' };

export function reorderColumn(
  db: Database,
  ids: readonly number[],
  actor: StaffActor,
): Promise<ReorderOutcome> {
  return db.transaction(async (tx) => {
    const named = await tx
      .select({ id: roadmapItems.id, status: roadmapItems.status })
      .from(roadmapItems)
      .where(inArray(roadmapItems.id, [...ids]));
    if (named.length !== ids.length) return { kind: 'not_found' as const };
    const status = named[0]?.status;
    if (!status || named.some((item) => item.status !== status)) {
      return { kind: 'mixed_status' as const };
    }
    const column = await tx
      .select({ id: roadmapItems.id })
      .from(roadmapItems)
      .where(eq(roadmapItems.status, status))
      .orderBy(asc(roadmapItems.sortOrder), asc(roadmapItems.id))
      .for('update');
    if (column.length !== ids.length) return { kind: 'incomplete' as const };
    for (const [index, id] of ids.entries()) {
      await tx.update(roadmapItems).set({ sortOrder: index }).where(eq(roadmapItems.id, id));
    }
    await recordStaffAction(tx, actor, {
      action: 'roadmap.reorder',
      target: { type: 'roadmap_column', id: status },
      before: column.map((item) => item.id),
      after: [...ids],
    });
    return { kind: 'reordered' as const, status };
  });
}
