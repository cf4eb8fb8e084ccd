import type { MailRecord } from '../../../apps/server/src/mail/list';
import type { Stats } from '../lib/http';
import { countOf, oncePerLicence, queueJobs, waitUntil } from '../lib/jobs';
import { checkMail, readMailJobs, repeatsLogged, type MailFigures } from '../lib/mail';
import { sellPaidLicences, withPairScenario } from '../lib/pair-scenario';
import { templateIds } from '../lib/store';

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
  return withPairScenario(
    { adminDatabaseUrl: o.adminDatabaseUrl, label: 'reminders' },
    async (run) => {
      const { pair, db, stats, problems } = run;
      const { scratch, dataDir, servers } = pair;
      const [a] = servers;
      // Buyers pay card orders on the sandbox page, half through each server.
      await sellPaidLicences(run, await templateIds(a.url), o.buyers);

      const moved = await db.query(
        // Bought a year ago, expiring in three days: the 7-day reminder is due.
        `update licenses set starts_at = now() - interval '1 year', expires_at = now() + interval '3 days' where expires_at is not null`,
      );
      const licences = moved.rowCount ?? 0;

      // The scheduler's job, queued several times at once, then a kill in the middle.
      await queueJobs(scratch.url, 'license-reminders', SWEEPS);
      const count = () => countOf(db, 'select count(*)::int as n from license_reminders');
      // The kill lands once the sweeps have started writing (the servers poll every 5 s).
      await waitUntil(async () => (await count()) > 0, 15_000, 20);
      await pair.restart(0);
      // The killed server's log stays readable: the attempts it made before the kill count too.
      const repeatsBefore = repeatsLogged(a);

      const reminderMails = async () =>
        (await readMailJobs({ kind: 'postgres', url: scratch.url })).filter(
          (job) => job.kind === 'license_reminder',
        );
      let jobs: MailRecord[] = [];
      await waitUntil(
        async () => {
          const reminders = await count();
          jobs = await reminderMails();
          return reminders >= licences && jobs.every((job) => job.status === 'sent');
        },
        SETTLE_TIMEOUT_MS,
        500,
      );
      problems.push(...(await pair.stop()));

      const rows = await db.query<{ license_id: string; mail_job_id: string | null }>(
        'select license_id, mail_job_id from license_reminders',
      );
      problems.push(
        ...oncePerLicence(rows.rows, licences, {
          missing: 'reminded',
          doubled: 'reminded more than once',
        }),
      );
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
      return { licences, reminders: rows.rows.length, mail, stats, problems };
    },
  );
}
