import { asc, eq, inArray } from 'drizzle-orm';
import { contactFromAddress, sessionColumns } from './repository';
import { centsToDecimalString } from '@cadran/domain/money';
import type { Executor } from '../../db/transaction';
import { accountTokens } from '../../db/schema/account-tokens';
import { contactMessages } from '../../db/schema/contact';
import { invoices } from '../../db/schema/invoices';
import {
  licenseInstances,
  licenseReminders,
  renewalNotices,
  licenseRenewals,
  licenses,
} from '../../db/schema/licenses';
import { newsletterSubscribers } from '../../db/schema/newsletter';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { promoRedemptions } from '../../db/schema/promo-codes';
import { roadmapItems, roadmapVotes } from '../../db/schema/roadmap';
import { sessions, users } from '../../db/schema/users';

/**
 * Everything the site holds about one account, as one JSON document (docs/product.md
 * 'Accounts and sessions' ('Export and deletion'); the table-by-table list is in
 * docs/decisions/027-account-tokens-and-deletion.md). Every query is bounded by the
 * account's id, or by its own address for rows kept by address (newsletter, contact).
 * Secrets are left out: the password hash, session and link hashes, payment URLs and provider
 * references, and the invoices' PDF bytes (each invoice can be downloaded on its own).
 */
export async function exportAccount(db: Executor, userId: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const { passwordHash: _hash, deletedAt: _deleted, ...profile } = user;

  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((order) => order.id);
  const byOrder = <T extends { orderId: string }>(rows: T[], orderId: string) =>
    rows.filter((row) => row.orderId === orderId).map(({ orderId: _id, ...rest }) => rest);

  const [items, events, paymentRows, invoiceRows] = orderIds.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)),
        db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds)),
        db
          .select({
            id: payments.id,
            orderId: payments.orderId,
            provider: payments.provider,
            status: payments.status,
            amount: payments.amountCents,
            currency: payments.currency,
            failureReason: payments.failureReason,
            createdAt: payments.createdAt,
            updatedAt: payments.updatedAt,
          })
          .from(payments)
          .where(inArray(payments.orderId, orderIds)),
        db
          .select({
            orderId: invoices.orderId,
            kind: invoices.kind,
            number: invoices.number,
            issuedAt: invoices.issuedAt,
            language: invoices.language,
            document: invoices.document,
          })
          .from(invoices)
          .where(inArray(invoices.orderId, orderIds)),
      ])
    : [[], [], [], []];

  const licenceRows = await db.select().from(licenses).where(eq(licenses.userId, userId));
  const licenceIds = licenceRows.map((licence) => licence.id);
  const [instances, renewals, reminders, notices] = licenceIds.length
    ? await Promise.all([
        db.select().from(licenseInstances).where(inArray(licenseInstances.licenseId, licenceIds)),
        db.select().from(licenseRenewals).where(inArray(licenseRenewals.licenseId, licenceIds)),
        db.select().from(licenseReminders).where(inArray(licenseReminders.licenseId, licenceIds)),
        db.select().from(renewalNotices).where(inArray(renewalNotices.licenseId, licenceIds)),
      ])
    : [[], [], [], []];
  const byLicence = <T extends { licenseId: string }>(rows: T[], licenseId: string) =>
    rows.filter((row) => row.licenseId === licenseId).map(({ licenseId: _id, ...rest }) => rest);

  return {
    exported_at: now.toISOString(),
    account: profile,
    sessions: await db.select(sessionColumns).from(sessions).where(eq(sessions.userId, userId)),
    mailed_links: await db
      .select({
        purpose: accountTokens.purpose,
        newEmail: accountTokens.newEmail,
        createdAt: accountTokens.createdAt,
        expiresAt: accountTokens.expiresAt,
        usedAt: accountTokens.usedAt,
      })
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId)),
    orders: orderRows.map(({ userId: _user, requestHash: _hash, ...order }) => ({
      ...order,
      items: byOrder(items, order.id),
      events: byOrder(events, order.id),
      payments: byOrder(paymentRows, order.id).map((payment) => ({
        ...payment,
        amount: centsToDecimalString(payment.amount),
      })),
      invoices: byOrder(invoiceRows, order.id).map(({ document, ...invoice }) => ({
        ...invoice,
        net: centsToDecimalString(document.netCents),
        vat: centsToDecimalString(document.vatCents),
        total: centsToDecimalString(document.grossCents),
        currency: document.currency,
        billed_to: document.buyer,
      })),
    })),
    promo_redemptions: await db
      .select({
        orderId: promoRedemptions.orderId,
        discountCents: promoRedemptions.discountCents,
        createdAt: promoRedemptions.createdAt,
      })
      .from(promoRedemptions)
      .where(eq(promoRedemptions.userId, userId)),
    licences: licenceRows.map(({ userId: _user, ...licence }) => ({
      ...licence,
      instances: byLicence(instances, licence.id),
      renewals: byLicence(renewals, licence.id),
      reminders_sent: byLicence(reminders, licence.id).map(({ mailJobId: _job, ...rest }) => rest),
      renewal_notices_sent: byLicence(notices, licence.id).map(
        ({ mailJobId: _job, ...rest }) => rest,
      ),
    })),
    newsletter: await db
      .select({
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        locale: newsletterSubscribers.locale,
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, user.email)),
    roadmap_votes: await db
      .select({
        itemId: roadmapVotes.itemId,
        title: roadmapItems.title,
        createdAt: roadmapVotes.createdAt,
      })
      .from(roadmapVotes)
      .innerJoin(roadmapItems, eq(roadmapItems.id, roadmapVotes.itemId))
      .where(eq(roadmapVotes.userId, userId)),
    contact_messages: await db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        company: contactMessages.company,
        subject: contactMessages.subject,
        message: contactMessages.message,
        ip: contactMessages.ip,
        userAgent: contactMessages.userAgent,
        locale: contactMessages.locale,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(contactFromAddress(user.email)),
  };
}
