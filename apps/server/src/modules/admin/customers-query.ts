import { licenseStatus } from '@cadran/domain/licenses';
import type { CustomerDetail, CustomerRow, CustomersQuery } from '@cadran/domain/staff-customers';
import { isUuid } from '@cadran/domain/uuid';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import { orders } from '../../db/schema/orders';
import { sessions, users } from '../../db/schema/users';
import { findAdminOrders } from './orders-query';
import { likePattern, orderOf } from './staff-lists';

/**
 * Client accounts for the back office (docs/product.md 'Back office'): the list with their
 * order count and what they paid, and one account with its orders, licences and sessions.
 * Staff accounts are not customers and never appear.
 */

type UserRow = typeof users.$inferSelect;

const orderCount = sql<number>`count(${orders.id})::int`;
const totalPaid = sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paymentStatus} = 'paid'), 0)::int`;

const SORT_COLUMNS = { created_at: users.createdAt, email: users.email, order_count: orderCount };

function customerRow(
  user: UserRow,
  figures: { orderCount: number; totalPaid: number },
): CustomerRow {
  return {
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
    company: user.company,
    country: user.country,
    created_at: user.createdAt.toISOString(),
    order_count: figures.orderCount,
    total_paid: figures.totalPaid,
    locked: user.lockedAt !== null,
  };
}

function customersWhere(q: string | undefined): SQL | undefined {
  const clients = eq(users.role, 'client');
  if (!q) return clients;
  const pattern = likePattern(q);
  return and(
    clients,
    or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ilike(users.company, pattern),
    ),
  );
}

export async function listCustomers(
  db: Database,
  query: CustomersQuery,
): Promise<{ items: CustomerRow[]; total: number; limit: number; offset: number }> {
  const where = customersWhere(query.q);
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select({ user: users, orderCount, totalPaid })
    .from(users)
    .leftJoin(orders, eq(orders.userId, users.id))
    .where(where)
    .groupBy(users.id)
    .orderBy(...orderOf(query.sort, SORT_COLUMNS[query.sort.column], users.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((row) => customerRow(row.user, row)),
    total: totalRow?.n ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}

/** A client account by id; undefined for staff, an unknown or a malformed id. */
export async function findCustomer(db: Database, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'client')))
    .limit(1);
  return user;
}

/** The profile part of a customer's page. */
export async function customerProfile(db: Database, user: UserRow) {
  const [figures] = await db
    .select({ orderCount, totalPaid })
    .from(orders)
    .where(eq(orders.userId, user.id));
  return {
    ...customerRow(user, figures ?? { orderCount: 0, totalPaid: 0 }),
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    address_line_1: user.addressLine1,
    postal_code: user.postalCode,
    city: user.city,
    language: user.locale,
    locked_at: user.lockedAt?.toISOString() ?? null,
    lock_reason: user.lockReason,
    email_verified: user.emailVerifiedAt !== null,
    vat_number: user.vatNumber,
    deleted_at: user.deletedAt?.toISOString() ?? null,
  };
}

export async function customerDetail(
  db: Database,
  id: string,
  now: Date,
): Promise<CustomerDetail | undefined> {
  const user = await findCustomer(db, id);
  if (!user) return undefined;
  const [profile, theirLicences, theirSessions] = await Promise.all([
    customerProfile(db, user),
    db
      .select()
      .from(licenses)
      .where(eq(licenses.userId, user.id))
      .orderBy(desc(licenses.createdAt), asc(licenses.licenseKey)),
    db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.lastSeenAt)),
  ]);
  return {
    customer: profile,
    orders: await findAdminOrders(db, {
      q: undefined,
      sort: { column: 'created_at', descending: true },
      accountId: user.id,
    }),
    licences: theirLicences.map((licence) => ({
      id: licence.id,
      key: licence.licenseKey,
      status: licenseStatus(licence, now),
      order_id: licence.orderId,
      expires_at: licence.expiresAt?.toISOString() ?? null,
    })),
    sessions: theirSessions.map((session) => ({
      id: session.id,
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.lastSeenAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
    })),
  };
}
