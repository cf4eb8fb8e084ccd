import type { Language } from '@cadran/domain/constants';
import { LICENSE_GRACE_DAYS, type LicenseStatus } from '@cadran/domain/licenses';
import type {
  StaffLicense,
  StaffLicenseRow,
  StaffLicensesQuery,
} from '@cadran/domain/staff-licenses';
import { readStaffSort } from '@cadran/domain/staff-lists';
import { isUuid } from '@cadran/domain/uuid';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseInstances, licenses } from '../../db/schema/licenses';
import { orderItems, orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';
import { likePattern, orderNullsLast } from '../../db/list-query';
import type { LicenseRecord } from './license-records';
import { licenseState, ownedInstanceView } from './license-state';

/**
 * The back office's reads of licences (docs/product.md 'Back office' ('Licences')): the list
 * with its filters, and one licence with every installation, its customer and its order. The
 * status filter is the status at `now`, as the activation API would answer it.
 */

const soldTemplate = {
  name: sql<string>`coalesce(${orderItems.templateSnapshot}->>'name', '')`,
  nameEn: sql<string>`coalesce(${orderItems.templateSnapshot}->>'name_en', '')`,
  billingCycle: sql<string>`coalesce(${orderItems.templateSnapshot}->>'billing_cycle', '')`,
};
const activeCount = sql<number>`(select count(*)::int from ${licenseInstances} where ${licenseInstances.licenseId} = ${licenses.id} and ${licenseInstances.deactivatedAt} is null)`;

const columns = {
  licence: licenses,
  ...soldTemplate,
  activeInstances: activeCount,
  customer: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    company: users.company,
  },
};

type Row = {
  licence: typeof licenses.$inferSelect;
  name: string;
  nameEn: string;
  billingCycle: string;
  activeInstances: number;
  customer: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    company: string | null;
  };
};

/** The SQL of "status at `now` is `status`" (packages/domain/src/licenses.ts licenseStatus). */
function statusIs(status: LicenseStatus, now: Date): SQL | undefined {
  const graceStart = new Date(now.getTime() - LICENSE_GRACE_DAYS * 24 * 60 * 60 * 1000);
  const active = eq(licenses.state, 'active');
  switch (status) {
    case 'suspended':
    case 'revoked':
      return eq(licenses.state, status);
    case 'active':
      return and(active, sql`(${licenses.expiresAt} is null or ${licenses.expiresAt} > ${now})`);
    case 'grace':
      return and(
        active,
        sql`${licenses.expiresAt} <= ${now} and ${licenses.expiresAt} > ${graceStart}`,
      );
    case 'expired':
      return and(active, sql`${licenses.expiresAt} <= ${graceStart}`);
  }
}

function toRow(row: Row, now: Date, lang: Language): StaffLicenseRow {
  const record: LicenseRecord = {
    licence: row.licence,
    template: { name: row.name, nameEn: row.nameEn, billingCycle: row.billingCycle },
    activeInstances: Number(row.activeInstances),
  };
  const { customer } = row;
  return {
    ...licenseState(record, now, lang),
    id: row.licence.id,
    state: row.licence.state,
    state_reason: row.licence.stateReason,
    order_id: row.licence.orderId,
    customer: {
      id: customer.id,
      email: customer.email,
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      company: customer.company ?? '',
    },
    created_at: row.licence.createdAt.toISOString(),
  };
}

const joined = (db: Executor) =>
  db
    .select(columns)
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .innerJoin(users, eq(users.id, licenses.userId));

export async function listStaffLicenses(
  db: Database,
  query: StaffLicensesQuery,
  now: Date,
  lang: Language,
): Promise<{ items: StaffLicenseRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) {
    const condition = statusIs(query.status, now);
    if (condition) conditions.push(condition);
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    const search = or(
      ilike(licenses.licenseKey, pattern),
      ilike(sql`${licenses.domains}::text`, pattern),
      ilike(users.email, pattern),
    );
    if (search) conditions.push(search);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const sort = readStaffSort<'created_at' | 'expires_at'>(query.sort);
  const column = sort.column === 'expires_at' ? licenses.expiresAt : licenses.createdAt;
  const [totalRow] = await db
    .select({ n: count() })
    .from(licenses)
    .innerJoin(users, eq(users.id, licenses.userId))
    .where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(
      // A licence that never expires comes last either way.
      orderNullsLast(column, sort.descending),
      asc(licenses.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  return { items: rows.map((row) => toRow(row, now, lang)), total: totalRow?.n ?? 0 };
}

/** One licence as staff see it; undefined for an unknown or malformed id. */
export async function findStaffLicense(
  db: Executor,
  id: string,
  now: Date,
  lang: Language,
): Promise<StaffLicense | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await joined(db).where(eq(licenses.id, id)).limit(1);
  if (!row) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.licence.orderId));
  const instances = await db
    .select()
    .from(licenseInstances)
    .where(eq(licenseInstances.licenseId, id))
    .orderBy(desc(licenseInstances.createdAt), asc(licenseInstances.id));
  return {
    ...toRow(row, now, lang),
    update_permissions: row.licence.updatePermissions,
    instances: instances.map((instance) => ({
      ...ownedInstanceView(instance),
      deactivated_at: instance.deactivatedAt?.toISOString() ?? null,
    })),
    order: {
      id: row.licence.orderId,
      order_number: order?.orderNumber ?? '',
      status: order?.status ?? '',
      payment_status: order?.paymentStatus ?? '',
      created_at: order?.createdAt.toISOString() ?? '',
    },
  };
}
