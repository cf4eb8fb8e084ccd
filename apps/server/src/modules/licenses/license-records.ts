import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseInstances, licenses } from '../../db/schema/licenses';
import { licenseTemplates } from '../../db/schema/catalog';
import { orderItems } from '../../db/schema/orders';
import type { Executor, Transaction } from '../../db/transaction';

export type LicenseRow = typeof licenses.$inferSelect;
export type InstanceRow = typeof licenseInstances.$inferSelect;

/** The template as sold, read from the licence's order line: what the licence file names. */
export interface SoldTemplate {
  name: string;
  nameEn: string;
  billingCycle: string;
}

/** A licence with what its answers need: the template as sold and its active installations. */
export interface LicenseRecord {
  licence: LicenseRow;
  template: SoldTemplate;
  activeInstances: number;
  /** The template's renewal price today, excluding VAT (owner reads only). */
  renewalPriceCents?: number | null;
}

const soldTemplate = {
  name: sql<string>`coalesce(${orderItems.templateSnapshot}->>'name', '')`,
  nameEn: sql<string>`coalesce(${orderItems.templateSnapshot}->>'name_en', '')`,
  billingCycle: sql<string>`coalesce(${orderItems.templateSnapshot}->>'billing_cycle', '')`,
};

const activeCount = sql<number>`(select count(*)::int from ${licenseInstances} where ${licenseInstances.licenseId} = ${licenses.id} and ${licenseInstances.deactivatedAt} is null)`;

/**
 * The validate path, in one statement (docs/quality.md 'API'): the licence by key, its template
 * as sold, its count of active installations and, when asked, the one installation if it is
 * active on this licence.
 */
export async function findByKey(
  db: Executor,
  key: string,
  instanceId?: string,
): Promise<(LicenseRecord & { instance: InstanceRow | null }) | undefined> {
  // Without an instance id the join matches nothing: one statement shape for both cases.
  const instanceMatch = instanceId
    ? and(
        eq(licenseInstances.id, instanceId),
        eq(licenseInstances.licenseId, licenses.id),
        isNull(licenseInstances.deactivatedAt),
      )
    : sql`false`;
  const [row] = await db
    .select({
      licence: licenses,
      ...soldTemplate,
      activeInstances: activeCount,
      instance: licenseInstances,
    })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .leftJoin(licenseInstances, instanceMatch)
    .where(eq(licenses.licenseKey, key))
    .limit(1);
  if (!row) return undefined;
  return {
    licence: row.licence,
    template: { name: row.name, nameEn: row.nameEn, billingCycle: row.billingCycle },
    activeInstances: Number(row.activeInstances),
    instance: row.instance ?? null,
  };
}

/**
 * The licence of `key` locked for this transaction (`FOR UPDATE`): activations of one licence
 * wait for each other, so its installation and domain limits hold under concurrency.
 */
export async function lockByKey(
  tx: Transaction,
  key: string,
): Promise<{ licence: LicenseRow; template: SoldTemplate } | undefined> {
  const [row] = await tx
    .select({ licence: licenses, ...soldTemplate })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .where(eq(licenses.licenseKey, key))
    .limit(1)
    .for('update', { of: licenses });
  return row && { licence: row.licence, template: row };
}

export async function activeInstancesOf(
  db: Executor,
  licenseIds: readonly string[],
): Promise<InstanceRow[]> {
  if (licenseIds.length === 0) return [];
  return db
    .select()
    .from(licenseInstances)
    .where(
      and(
        inArray(licenseInstances.licenseId, [...licenseIds]),
        isNull(licenseInstances.deactivatedAt),
      ),
    )
    .orderBy(asc(licenseInstances.createdAt), asc(licenseInstances.id));
}

export async function countActive(tx: Transaction, licenseId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(licenseInstances)
    .where(and(eq(licenseInstances.licenseId, licenseId), isNull(licenseInstances.deactivatedAt)));
  return Number(row?.n ?? 0);
}

/** The active installation of `licenseId` on `domain` named `name`, if there is one. */
export async function findActiveInstance(
  tx: Transaction,
  licenseId: string,
  domain: string,
  name: string,
): Promise<InstanceRow | undefined> {
  const [row] = await tx
    .select()
    .from(licenseInstances)
    .where(
      and(
        eq(licenseInstances.licenseId, licenseId),
        eq(licenseInstances.domain, domain),
        eq(licenseInstances.name, name),
        isNull(licenseInstances.deactivatedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function insertInstance(
  tx: Transaction,
  values: { licenseId: string; domain: string; name: string; createdAt: Date },
): Promise<InstanceRow> {
  const [row] = await tx
    .insert(licenseInstances)
    .values({ ...values, lastCheckInAt: values.createdAt })
    .returning();
  if (!row) throw new Error('instance insert returned no row');
  return row;
}

export async function setDomains(tx: Transaction, licenseId: string, domains: string[]) {
  await tx.update(licenses).set({ domains }).where(eq(licenses.id, licenseId));
}

/**
 * How precisely an installation's last check-in is kept: a check within this long of the one
 * stored writes nothing, so installations checking often (or a retry storm) cost a read, not a
 * write, while the owner still sees the day and hour of the last contact.
 */
export const CHECK_IN_PRECISION_MS = 15 * 60 * 1000;

/** Whether a check at `at` is worth writing, given the last one stored. */
export const checkInDue = (lastCheckInAt: Date | null, at: Date): boolean =>
  lastCheckInAt === null || at.getTime() - lastCheckInAt.getTime() >= CHECK_IN_PRECISION_MS;

/** Records that an active installation checked its licence at `at` (see CHECK_IN_PRECISION_MS). */
export async function recordCheckIn(db: Executor, instanceId: string, at: Date): Promise<void> {
  const staleBefore = new Date(at.getTime() - CHECK_IN_PRECISION_MS);
  await db
    .update(licenseInstances)
    .set({ lastCheckInAt: at })
    .where(
      and(
        eq(licenseInstances.id, instanceId),
        isNull(licenseInstances.deactivatedAt),
        or(isNull(licenseInstances.lastCheckInAt), lt(licenseInstances.lastCheckInAt, staleBefore)),
      ),
    );
}

/** Ends an active installation of `licenseId`; undefined when there is none by that id. */
export async function deactivateInstance(
  db: Executor,
  licenseId: string,
  instanceId: string,
  at: Date,
): Promise<InstanceRow | undefined> {
  const [row] = await db
    .update(licenseInstances)
    .set({ deactivatedAt: at })
    .where(
      and(
        eq(licenseInstances.id, instanceId),
        eq(licenseInstances.licenseId, licenseId),
        isNull(licenseInstances.deactivatedAt),
      ),
    )
    .returning();
  return row;
}

/** An account's licences, newest first, with the template as sold and active counts. */
export async function listForOwner(
  db: Database,
  userId: string,
  licenseId?: string,
): Promise<LicenseRecord[]> {
  const rows = await db
    .select({
      licence: licenses,
      ...soldTemplate,
      activeInstances: activeCount,
      renewalPriceCents: licenseTemplates.renewalPriceCents,
    })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .leftJoin(licenseTemplates, eq(licenseTemplates.id, licenses.templateId))
    .where(
      licenseId
        ? and(eq(licenses.userId, userId), eq(licenses.id, licenseId))
        : eq(licenses.userId, userId),
    )
    .orderBy(sql`${licenses.createdAt} desc`, asc(licenses.licenseKey));
  return rows.map((row) => ({
    licence: row.licence,
    template: { name: row.name, nameEn: row.nameEn, billingCycle: row.billingCycle },
    activeInstances: Number(row.activeInstances),
    renewalPriceCents: row.renewalPriceCents,
  }));
}
