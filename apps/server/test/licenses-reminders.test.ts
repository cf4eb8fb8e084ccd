import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client';
import { licenseReminders } from '../src/db/schema/licenses';
import { users } from '../src/db/schema/users';
import { sendJob } from '../src/jobs/boss';
import { listMail } from '../src/mail/list';
import { mailBrand } from '../src/mail/templates';
import { LICENSE_REMINDERS_JOB } from '../src/modules/license-reminders/job';
import { sendDueReminders } from '../src/modules/license-reminders/sweep';
import { buyLicences, DAY_MS, movableClock, setLicence } from './licenses-helpers';
import { buyer, shopSuite } from './orders-helpers';

/**
 * Reminders before expiry (docs/product.md 'Licences' ('Status, grace and expiry')): 30, 7 and
 * 1 days before, each once, whatever the number of sweeps running and across a failure in the
 * middle of one, in the client's language; the sweep is a scheduled job of the job queue.
 */

const clock = movableClock();
const t = shopSuite({ now: clock.now });

const remindersOf = (licenseId: string) =>
  t.db.select().from(licenseReminders).where(eq(licenseReminders.licenseId, licenseId));

const reminderMails = async (to: string) =>
  (await listMail(t.db, { to })).filter((mail) => mail.kind === 'license_reminder');

const sweepDeps = (db = t.db) => ({
  db,
  brand: mailBrand(t.config),
  warn: () => undefined,
});

/**
 * A trigger created or dropped on the job table while the app's job workers poll it: on
 * PostgreSQL the DDL's exclusive lock can deadlock with a worker's fetch, and PostgreSQL then
 * cancels one side. The worker retries on its own; the test's statement is run again.
 */
async function alterJobTable(statement: SQL): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await t.db.execute(statement);
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== '40P01' || attempt >= 5) throw error;
    }
  }
}

describe('licence reminders', () => {
  it('sends each stage once, when it falls due, in the client’s language', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const expiresAt = licence.expiresAt!;
    const at = (daysBefore: number, hours = 0) =>
      new Date(expiresAt.getTime() - daysBefore * DAY_MS + hours * 60 * 60 * 1000);

    clock.set(at(30, -1));
    await t.app.licenseReminders.sendDue();
    expect(await reminderMails(t.alice.email)).toHaveLength(0);

    clock.set(at(30, 1));
    expect((await t.app.licenseReminders.sendDue()).sent).toBeGreaterThanOrEqual(1);
    await t.app.licenseReminders.sendDue();
    clock.set(at(7, 2));
    await t.app.licenseReminders.sendDue();
    await t.app.licenseReminders.sendDue();
    clock.set(at(1, 3));
    await t.app.licenseReminders.sendDue();
    clock.set(at(0, 1));
    await t.app.licenseReminders.sendDue();

    expect((await remindersOf(licence.id)).map((r) => r.stageDays).sort((a, b) => a - b)).toEqual([
      1, 7, 30,
    ]);
    const mails = await reminderMails(t.alice.email);
    expect(mails).toHaveLength(3);
    expect(
      mails.every((mail) =>
        mail.subject.startsWith(`Votre licence Cadran CMS ${licence.licenseKey} expire le`),
      ),
    ).toBe(true);
    await t.app.mailer.drain();
    expect((await reminderMails(t.alice.email)).map((mail) => mail.status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    clock.set(new Date());
  });

  it('writes in English to an English-speaking client, and starts again after a renewal moves the expiry', async () => {
    const bob = await buyer(t.app);
    await t.db.update(users).set({ locale: 'en' }).where(eq(users.id, bob.userId));
    const { licences } = await buyLicences(t.app, t.db, bob, t.pro.id);
    const licence = licences[0]!;
    clock.set(new Date(licence.expiresAt!.getTime() - 6 * DAY_MS));
    await t.app.licenseReminders.sendDue();
    const [mail] = await reminderMails(bob.email);
    expect(mail?.subject).toMatch(
      new RegExp(`^Your Cadran CMS licence ${licence.licenseKey} expires on`),
    );

    const renewedExpiry = new Date(licence.expiresAt!.getTime() + 365 * DAY_MS);
    await setLicence(t.db, licence.id, { expiresAt: renewedExpiry });
    clock.set(new Date(renewedExpiry.getTime() - 6 * DAY_MS));
    await t.app.licenseReminders.sendDue();
    expect(await reminderMails(bob.email)).toHaveLength(2);
    clock.set(new Date());
  });

  it('runs as the scheduled job, registered with pg-boss’s scheduler', async () => {
    const rows = await queryRows<{ name: string; cron: string }>(
      t.db,
      sql`select name, cron from pgboss.schedule where name = ${LICENSE_REMINDERS_JOB.name}`,
    );
    expect(rows).toEqual([{ name: 'license-reminders', cron: '7 * * * *' }]);

    const carol = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, carol, t.pro.id);
    clock.set(new Date(licences[0]!.expiresAt!.getTime() - 20 * DAY_MS));
    await sendJob(t.db, LICENSE_REMINDERS_JOB, {});
    const pass = await t.app.jobs.drain(LICENSE_REMINDERS_JOB.name);
    expect(pass.completed).toBeGreaterThanOrEqual(1);
    expect(await reminderMails(carol.email)).toHaveLength(1);
    clock.set(new Date());
  });

  it('sends once when two processes sweep at the same moment', async () => {
    const dave = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, dave, t.pro.id, { quantity: 5 });
    const now = new Date(licences[0]!.expiresAt!.getTime() - 2 * DAY_MS);
    // On PostgreSQL the second sweep has its own pool, as a second server would.
    const url =
      t.database.driver === 'postgres' ? t.database.client.options.connectionString : undefined;
    const second = url
      ? await openDatabase({ kind: 'postgres', url, maxConnections: 4 })
      : undefined;
    try {
      const [a, b] = await Promise.all([
        sendDueReminders(sweepDeps(), now),
        sendDueReminders(sweepDeps(second?.db ?? t.db), now),
      ]);
      expect(a.sent + b.sent).toBeGreaterThanOrEqual(5);
      expect(await reminderMails(dave.email)).toHaveLength(5);
      for (const licence of licences) expect(await remindersOf(licence.id)).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });

  it('leaves neither reminder nor mail when a sweep fails midway, and the next run sends it', async () => {
    const erin = await buyer(t.app);
    const { licences } = await buyLicences(t.app, t.db, erin, t.pro.id);
    const licence = licences[0]!;
    const now = new Date(licence.expiresAt!.getTime() - 3 * DAY_MS);
    // The database refuses the mail job, as a crash between the two writes would cut them.
    await t.db.execute(sql`
      create function refuse_reminder_mail() returns trigger language plpgsql as $$
      begin
        if new.name = 'mail' and new.data->>'kind' = 'license_reminder' then
          raise exception 'injected failure';
        end if;
        return new;
      end $$`);
    await alterJobTable(
      sql`create trigger refuse_reminder_mail before insert on pgboss.job for each row execute function refuse_reminder_mail()`,
    );
    try {
      await expect(sendDueReminders(sweepDeps(), now)).rejects.toThrow();
    } finally {
      await alterJobTable(sql`drop trigger refuse_reminder_mail on pgboss.job`);
      await t.db.execute(sql`drop function refuse_reminder_mail()`);
    }
    expect(await remindersOf(licence.id)).toEqual([]);
    expect(await reminderMails(erin.email)).toEqual([]);

    await sendDueReminders(sweepDeps(), now);
    expect(await remindersOf(licence.id)).toHaveLength(1);
    expect(await reminderMails(erin.email)).toHaveLength(1);
  });
});
