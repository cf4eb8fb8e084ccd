import { and, asc, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import type { Transaction } from '../../db/transaction';
import type { NewLicense } from './plan';

export type LicenseRow = typeof licenses.$inferSelect;

/** Reads of issued licences; they are written by the fulfilment, inside its transaction. */
export class LicensesRepository {
  constructor(private readonly db: Database) {}

  async countForOrder(orderId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(licenses)
      .where(eq(licenses.orderId, orderId));
    return row?.n ?? 0;
  }

  /**
   * The licence a paid renewal order renewed, with the expiry that renewal gave it (its
   * confirmation's); null when the order renewed nothing.
   */
  async renewedLicenceOfOrder(orderId: string): Promise<(LicenseRow & { expiresAt: Date }) | null> {
    const [row] = await this.db
      .select({ licence: licenses, expiresAt: licenseRenewals.periodEndsAt })
      .from(licenseRenewals)
      .innerJoin(licenses, eq(licenses.id, licenseRenewals.licenseId))
      .where(and(eq(licenseRenewals.orderId, orderId), isNotNull(licenseRenewals.appliedAt)));
    return row?.expiresAt ? { ...row.licence, expiresAt: row.expiresAt } : null;
  }

  /** The key a paid renewal order renewed, with the expiry that renewal gave it; else null. */
  async renewedByOrder(orderId: string): Promise<{ licenseKey: string; expiresAt: Date } | null> {
    const licence = await this.renewedLicenceOfOrder(orderId);
    return licence ? { licenseKey: licence.licenseKey, expiresAt: licence.expiresAt } : null;
  }

  /** Licence counts of several orders at once (back-office list); orders without any are absent. */
  async countsForOrders(orderIds: readonly string[]): Promise<Map<string, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .select({ orderId: licenses.orderId, n: count() })
      .from(licenses)
      .where(inArray(licenses.orderId, [...orderIds]))
      .groupBy(licenses.orderId);
    return new Map(rows.map((row) => [row.orderId, row.n]));
  }

  listForOrder(orderId: string): Promise<LicenseRow[]> {
    return this.db
      .select()
      .from(licenses)
      .where(eq(licenses.orderId, orderId))
      .orderBy(asc(licenses.createdAt), asc(licenses.licenseKey));
  }
}

/** Writes the licences of a paid order on the fulfilment's transaction. */
/** A licence, locked until the caller's transaction ends (a change that reads, then writes it). */
export async function lockLicence(tx: Transaction, id: string): Promise<LicenseRow | undefined> {
  const [licence] = await tx
    .select()
    .from(licenses)
    .where(eq(licenses.id, id))
    .limit(1)
    .for('update');
  return licence;
}

export async function insertLicenses(tx: Transaction, rows: readonly NewLicense[]): Promise<void> {
  if (rows.length > 0) await tx.insert(licenses).values([...rows]);
}

/**
 * Revokes, on the caller's transaction, every licence an order issued that is not revoked
 * yet (the order was refunded); answers the licences revoked. Revocation is final.
 */
export function revokeOrderLicences(tx: Transaction, orderId: string): Promise<LicenseRow[]> {
  return tx
    .update(licenses)
    .set({ state: 'revoked' })
    .where(and(eq(licenses.orderId, orderId), ne(licenses.state, 'revoked')))
    .returning();
}
