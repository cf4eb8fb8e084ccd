import pg from 'pg';
import PgBoss from 'pg-boss';
import { Stats } from '../lib/http';
import { checkMail, readMailJobs, repeatsLogged, type MailFigures } from '../lib/mail';
import { withServerPair } from '../lib/server-pair';
import { buyPaidCardOrders, templateIds } from '../lib/store';

/**
 * Licence reminders across two servers and a crash (docs/decisions/017-licence-reminders.md):
 * licences bought through the store are brought to three days before their expiry, several
 * reminder sweeps are queued at once as pg-boss's scheduler would, one server is killed with
 * SIGKILL while they run and started again. Every licence must end with exactly one reminder
 * and one e-mail, delivered once.
 */

export interface RemindersResult {
  licences: number;
  reminders: number;
  mail: MailFigures;
  stats: Stats;
  problems: string[];
}

const SETTLE_TIMEOUT_MS = 240_000;
const SWEEPS = 4;

export async function runReminders(o: {
  adminDatabaseUrl: string;
  buyers: number;
}): Promise<RemindersResult> {
  return withServerPair(
    { adminDatabaseUrl: o.adminDatabaseUrl, label: 'reminders' },
    async (pair) => {
      const { scratch, dataDir, servers } = pair;
      const stats = new Stats();
      const problems: string[] = [];
      const db = new pg.Client({ connectionString: scratch.url });
      try {
        const [a, b] = servers;
        // Buyers pay card orders on the sandbox page, half through each server.
        const templates = await templateIds(a.url);
        problems.push(
          ...(await buyPaidCardOrders({
            stats,
            servers: [a.url, b.url],
            templates,
            buyers: o.buyers,
          })),
        );

        await db.connect();
        const moved = await db.query(
          // Bought a year ago, expiring in three days: the 7-day reminder is due.
          `update licenses set starts_at = now() - interval '1 year', expires_at = now() + interval '3 days' where expires_at is not null`,
        );
        const licences = moved.rowCount ?? 0;

        // The scheduler's job, queued several times at once, then a kill in the middle.
        const boss = new PgBoss({
          connectionString: scratch.url,
          schema: 'pgboss',
          migrate: false,
          supervise: false,
          schedule: false,
        });
        boss.on('error', () => undefined);
        await boss.start();
        for (let i = 0; i < SWEEPS; i += 1) await boss.send('license-reminders', {});
        await boss.stop({ graceful: false, close: true });
        const count = async () =>
          Number(
            (await db.query<{ n: number }>('select count(*)::int as n from license_reminders'))
              .rows[0]?.n ?? 0,
          );
        // The kill lands once the sweeps have started writing (the servers poll every 5 s).
        const started = Date.now() + 15_000;
        while ((await count()) === 0 && Date.now() < started) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await pair.restart(0);
        // The killed server's log stays readable: the attempts it made before the kill count too.
        const repeatsBefore = repeatsLogged(a);

        const deadline = Date.now() + SETTLE_TIMEOUT_MS;
        let reminders = await count();
        let jobs = (await readMailJobs({ kind: 'postgres', url: scratch.url })).filter(
          (job) => job.kind === 'license_reminder',
        );
        while (
          (reminders < licences || jobs.some((job) => job.status !== 'sent')) &&
          Date.now() < deadline
        ) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          reminders = await count();
          jobs = (await readMailJobs({ kind: 'postgres', url: scratch.url })).filter(
            (job) => job.kind === 'license_reminder',
          );
        }
        problems.push(...(await pair.stop()));

        const rows = await db.query<{ license_id: string; mail_job_id: string | null }>(
          'select license_id, mail_job_id from license_reminders',
        );
        const perLicence = new Map<string, number>();
        for (const row of rows.rows) {
          perLicence.set(row.license_id, (perLicence.get(row.license_id) ?? 0) + 1);
        }
        if (perLicence.size !== licences) {
          problems.push(`${licences} licences due, ${perLicence.size} reminded`);
        }
        const doubled = [...perLicence.values()].filter((n) => n > 1).length;
        if (doubled > 0) problems.push(`${doubled} licences reminded more than once`);
        const jobIds = new Set(jobs.map((job) => job.id));
        const withoutMail = rows.rows.filter(
          (row) => !row.mail_job_id || !jobIds.has(row.mail_job_id),
        );
        if (withoutMail.length > 0)
          problems.push(`${withoutMail.length} reminders without their mail`);
        if (jobs.length !== rows.rows.length) {
          problems.push(`${rows.rows.length} reminders, ${jobs.length} reminder mails`);
        }
        const allJobs = await readMailJobs({ kind: 'postgres', url: scratch.url });
        const checked = await checkMail(allJobs, dataDir);
        const repeatsAbsorbed = repeatsBefore + servers.reduce((n, s) => n + repeatsLogged(s), 0);
        const mail: MailFigures = { ...checked, deliveredAfterRestart: 0, repeatsAbsorbed };
        problems.push(...checked.problems);
        problems.push(...pair.loggedErrors());
        problems.push(...stats.failures);
        return { licences, reminders: rows.rows.length, mail, stats, problems };
      } finally {
        await db.end().catch(() => undefined);
      }
    },
  );
}
