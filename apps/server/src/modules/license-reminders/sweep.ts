import { and, eq, gt, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { Language } from '@cadran/domain/constants';
import { LICENSE_REMINDER_DAYS, dueReminderStage } from '@cadran/domain/licenses';
import type { Database } from '../../db/client';
import { licenseInstances, licenseReminders, licenses } from '../../db/schema/licenses';
import { orderItems } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { writeMailJob } from '../../mail/queue';
import { isDeliverableAddress } from '../../mail/queue';
import type { MailBrand } from '../../mail/templates';
import { licenseReminderMail } from '../order-mail/reminder-email';

export interface ReminderSweepDeps {
  db: Database;
  /** The site, the support address and the seller, for the mail's links and footer. */
  brand: MailBrand;
  warn: (facts: object, message: string) => void;
}

export interface SweepResult {
  /** Reminders written (each with its e-mail) by this run. */
  sent: number;
  /** Due reminders another run wrote first (two processes, a retried run). */
  alreadySent: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const FURTHEST_STAGE_MS = Math.max(...LICENSE_REMINDER_DAYS) * DAY_MS;

/**
 * Sends the reminders due at `now`, to licences renewed by hand (docs/product.md 'Licences' ('Status, grace and expiry')).
 * Each one is a row of license_reminders, keyed by licence, expiry and stage, written in the
 * same transaction as its mail job: the key makes it once whatever the number of sweeps
 * running, the transaction makes the mail exist exactly when the row does (a crash before the
 * commit leaves neither, and the next run sends it).
 */
export async function sendDueReminders(deps: ReminderSweepDeps, now: Date): Promise<SweepResult> {
  const { db } = deps;
  const candidates = await db
    .select({
      id: licenses.id,
      key: licenses.licenseKey,
      startsAt: licenses.startsAt,
      expiresAt: licenses.expiresAt,
      domains: licenses.domains,
      installationLimit: licenses.installationLimit,
      templateName: sql<string>`coalesce(${orderItems.templateSnapshot}->>'name', '')`,
      templateNameEn: sql<string>`coalesce(${orderItems.templateSnapshot}->>'name_en', '')`,
      email: users.email,
      firstName: users.firstName,
      language: users.locale,
      activeInstances: sql<number>`(select count(*)::int from ${licenseInstances} where ${licenseInstances.licenseId} = ${licenses.id} and ${licenseInstances.deactivatedAt} is null)`,
      sentStages: sql<
        number[]
      >`coalesce((select array_agg(${licenseReminders.stageDays}) from ${licenseReminders} where ${licenseReminders.licenseId} = ${licenses.id} and ${licenseReminders.expiresAt} = ${licenses.expiresAt}), '{}')`,
    })
    .from(licenses)
    .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
    .innerJoin(users, eq(users.id, licenses.userId))
    .where(
      and(
        eq(licenses.state, 'active'),
        gt(licenses.expiresAt, now),
        lte(licenses.expiresAt, new Date(now.getTime() + FURTHEST_STAGE_MS)),
        // A licence renewing itself on a saved method hears of its automatic renewal instead
        // (the amount, the date, how to stop: renewals/renewal-notices.ts), never "renew by hand".
        or(not(licenses.autoRenew), isNull(licenses.savedMethodId)),
      ),
    );

  const result: SweepResult = { sent: 0, alreadySent: 0 };
  for (const licence of candidates) {
    if (!licence.expiresAt) continue;
    const stage = dueReminderStage(licence, now);
    if (stage === null) continue;
    if (licence.sentStages.map(Number).includes(stage)) continue;
    const expiresAt = licence.expiresAt;
    const language: Language = licence.language;
    // Drawn before the transaction, which then only writes rows.
    const mail = isDeliverableAddress(licence.email)
      ? await licenseReminderMail({
          recipient: { email: licence.email, firstName: licence.firstName, language },
          licence: {
            key: licence.key,
            templateName:
              (language === 'en' && licence.templateNameEn.trim()) || licence.templateName,
            expiresAt,
            domains: licence.domains,
            activeInstances: Number(licence.activeInstances),
            installationLimit: licence.installationLimit,
          },
          stage: stage,
          brand: deps.brand,
        })
      : undefined;
    const written = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(licenseReminders)
        .values({ licenseId: licence.id, expiresAt, stageDays: stage, sentAt: now })
        .onConflictDoNothing()
        .returning({ licenseId: licenseReminders.licenseId });
      if (!row) return false;
      if (!mail) {
        deps.warn({ licenseId: licence.id }, 'licence reminder not sendable: no usable address');
        return true;
      }
      const jobId = await writeMailJob(tx, mail);
      await tx
        .update(licenseReminders)
        .set({ mailJobId: jobId })
        .where(
          and(
            eq(licenseReminders.licenseId, licence.id),
            eq(licenseReminders.expiresAt, expiresAt),
            eq(licenseReminders.stageDays, stage),
          ),
        );
      return true;
    });
    if (written) result.sent += 1;
    else result.alreadySent += 1;
  }
  return result;
}
