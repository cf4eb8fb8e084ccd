import { Stats } from '../lib/http';
import { checkMail, readMailJobs, repeatsLogged, type MailFigures } from '../lib/mail';
import { withServerPair } from '../lib/server-pair';
import type { ServerProcess } from '../lib/server-process';
import { contact } from '../lib/store';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer (docs/decisions/
 * 008-job-queue.md): contact messages go to both at once, each queues its support
 * notification and the sender's acknowledgement and wakes its own job worker, and both workers claim from the one queue. Every
 * mail must be delivered by exactly one of them: one attempt per job, one outbox file per job,
 * and no attempt that found its message already delivered.
 */

export interface TwoServersResult {
  messages: number;
  accepted: number;
  /** Deliveries logged by each server: both take part. */
  deliveredBy: [number, number];
  mail: MailFigures;
  stats: Stats;
  problems: string[];
}

const DELIVERY_TIMEOUT_MS = 60_000;
/** Each contact message: the notification to support and the acknowledgement to its sender. */
const MAILS_PER_MESSAGE = 2;

const deliveries = (server: ServerProcess) =>
  server.logLines.filter((line) => line.includes('"mail sent"')).length;

export async function runTwoServers(o: {
  adminDatabaseUrl: string;
  messages: number;
}): Promise<TwoServersResult> {
  return withServerPair({ adminDatabaseUrl: o.adminDatabaseUrl, label: 'two' }, async (pair) => {
    const { scratch, dataDir, servers } = pair;
    const [a, b] = servers;
    const stats = new Stats();
    const problems: string[] = [];

    let accepted = 0;
    let next = 0;
    const sender = async () => {
      while (next < o.messages) {
        const seq = next;
        next += 1;
        const answer = await contact(stats, (seq % 2 === 0 ? a : b).url, 900_000 + seq);
        if (answer.status === 200) accepted += 1;
        else problems.push(`contact answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));

    const location = { kind: 'postgres', url: scratch.url } as const;
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    let jobs = await readMailJobs(location);
    while (jobs.some((job) => job.status !== 'sent') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      jobs = await readMailJobs(location);
    }
    const deliveredBy: [number, number] = [deliveries(a), deliveries(b)];
    problems.push(...(await pair.stop()));
    jobs = await readMailJobs(location);

    const checked = await checkMail(jobs, dataDir);
    const repeatsAbsorbed = servers.reduce((sum, server) => sum + repeatsLogged(server), 0);
    const mail: MailFigures = { ...checked, deliveredAfterRestart: 0, repeatsAbsorbed };
    problems.push(...checked.problems);
    if (jobs.length !== accepted * MAILS_PER_MESSAGE)
      problems.push(`${accepted} messages accepted, ${jobs.length} mail jobs queued`);
    const twice = jobs.filter((job) => job.attempts !== 1);
    if (twice.length > 0)
      problems.push(`${twice.length} jobs took more than one attempt (${twice[0]?.id})`);
    if (repeatsAbsorbed > 0)
      problems.push(`${repeatsAbsorbed} attempts found their mail already delivered: run twice`);
    problems.push(...pair.loggedErrors());
    problems.push(...stats.failures);
    return { messages: o.messages, accepted, deliveredBy, mail, stats, problems };
  });
}
