import { inLifecycleOrder, type EinvoiceStatus } from '@cadran/domain/einvoice-lifecycle';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/transaction';
import { einvoiceEvents } from '../../../db/schema/einvoices';
import type { PlatformStatus } from './platform';

/** The statuses a platform reported for each document (docs/decisions/047-einvoice-platforms.md). */

export interface RecordedStatus {
  status: EinvoiceStatus;
  at: string;
  platform: string;
  reference: string;
  detail: string | null;
}

/** Writes each status once per document: one reported again (a retried send) adds nothing. */
export async function recordStatuses(
  db: Executor,
  invoiceId: string,
  platform: string,
  statuses: readonly PlatformStatus[],
): Promise<void> {
  if (statuses.length === 0) return;
  await db
    .insert(einvoiceEvents)
    .values(
      statuses.map((reported) => ({
        invoiceId,
        status: reported.status,
        platform,
        reference: reported.reference,
        occurredAt: reported.at,
        detail: reported.detail ?? null,
      })),
    )
    .onConflictDoNothing({ target: [einvoiceEvents.invoiceId, einvoiceEvents.status] });
}

/** Every document's statuses among `invoiceIds`, in the order each went through them. */
export async function statusesOf(
  db: Executor,
  invoiceIds: readonly string[],
): Promise<Map<string, RecordedStatus[]>> {
  const byDocument = new Map<string, RecordedStatus[]>();
  if (invoiceIds.length === 0) return byDocument;
  const rows = await db
    .select()
    .from(einvoiceEvents)
    .where(inArray(einvoiceEvents.invoiceId, [...invoiceIds]))
    .orderBy(asc(einvoiceEvents.occurredAt));
  for (const row of rows) {
    const list = byDocument.get(row.invoiceId) ?? [];
    list.push({
      status: row.status,
      at: row.occurredAt.toISOString(),
      platform: row.platform,
      reference: row.reference,
      detail: row.detail,
    });
    byDocument.set(row.invoiceId, list);
  }
  for (const [id, list] of byDocument) byDocument.set(id, inLifecycleOrder(list));
  return byDocument;
}

export const statusesOfOne = async (db: Executor, invoiceId: string): Promise<RecordedStatus[]> =>
  (await statusesOf(db, [invoiceId])).get(invoiceId) ?? [];
