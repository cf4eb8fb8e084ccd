import { addDays, monthOf, shopDay, startOfShopDay } from '@cadran/domain/paris-days';
import type { Dashboard } from '@cadran/domain/staff-customers';
import { and, count, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';
import { invoices } from '../../db/schema/invoices';
import { licenses } from '../../db/schema/licenses';
import { orders } from '../../db/schema/orders';
import { recurringFigures } from '../renewals/recurring-figures';

/** The period of the daily figures: today and the 29 days before (Paris days). */
const PERIOD_DAYS = 30;

type Figures = { orders: number; revenue: number; revenue_before_vat: number };

const NO_FIGURES: Figures = { orders: 0, revenue: 0, revenue_before_vat: 0 };

/**
 * The back office's first page (docs/product.md 'Back office'), over Paris calendar days:
 * orders placed per day, and revenue per day, the totals (VAT included, and before VAT: what the
 * shop keeps, the discount deducted; cents) of orders paid
 * that day and still paid (a refunded order no longer counts), dated by their invoice, which is
 * issued with the payment. Then what waits for someone: transfers to record, new messages and
 * licences whose term ends this month.
 */
export async function dashboard(db: Database, now: Date): Promise<Dashboard> {
  const today = shopDay(now);
  const first = addDays(today, -(PERIOD_DAYS - 1));
  const since = startOfShopDay(first);
  const [placed, paid, [transfers], [messages], [expiring], recurring] = await Promise.all([
    db.select({ at: orders.createdAt }).from(orders).where(gte(orders.createdAt, since)),
    db
      .select({ at: invoices.issuedAt, total: orders.totalCents, net: orders.taxableCents })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(
        and(
          eq(invoices.kind, 'invoice'),
          eq(orders.paymentStatus, 'paid'),
          gte(invoices.issuedAt, since),
        ),
      ),
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.paymentMethod, 'bank_transfer'),
          eq(orders.status, 'pending'),
          eq(orders.paymentStatus, 'unpaid'),
        ),
      ),
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
    expiringThisMonth(db, today),
    recurringFigures(db, now),
  ]);

  const days = new Map<string, Figures>();
  for (let i = 0; i < PERIOD_DAYS; i += 1) days.set(addDays(first, i), { ...NO_FIGURES });
  for (const row of placed) {
    const figures = days.get(shopDay(row.at));
    if (figures) figures.orders += 1;
  }
  for (const row of paid) {
    const figures = days.get(shopDay(row.at));
    if (!figures) continue;
    figures.revenue += row.total;
    figures.revenue_before_vat += row.net;
  }
  const byDay = [...days].map(([date, figures]) => ({ date, ...figures }));
  const sum = (key: keyof Figures) => byDay.reduce((total, day) => total + day[key], 0);
  return {
    success: true,
    today: days.get(today) ?? NO_FIGURES,
    last_30_days: {
      orders: sum('orders'),
      revenue: sum('revenue'),
      revenue_before_vat: sum('revenue_before_vat'),
      by_day: byDay,
    },
    transfers_awaiting: transfers?.n ?? 0,
    new_messages: messages?.n ?? 0,
    licences_expiring_this_month: expiring?.n ?? 0,
    recurring,
  };
}

function expiringThisMonth(db: Database, today: string) {
  const month = monthOf(today);
  return db
    .select({ n: count() })
    .from(licenses)
    .where(
      and(
        eq(licenses.state, 'active'),
        isNotNull(licenses.expiresAt),
        gte(licenses.expiresAt, startOfShopDay(month.start)),
        lt(licenses.expiresAt, startOfShopDay(month.next)),
      ),
    );
}
