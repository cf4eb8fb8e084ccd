import type pg from 'pg';
import PgBoss from 'pg-boss';

/**
 * What the scenarios on a shared PostgreSQL do from the outside of the servers: queue a job
 * as pg-boss's scheduler would, read a count, wait for a condition, and count rows per
 * licence (the reminders and renewals scenarios check "once per licence" the same way).
 */

/** Queues job `name` `times` times at once, as the scheduler of several servers would. */
export async function queueJobs(url: string, name: string, times: number): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    // The servers created the schema and the queues; this only writes jobs.
    migrate: false,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (let i = 0; i < times; i += 1) await boss.send(name, {});
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/** The `n` column of a one-row count query. */
export async function countOf(db: pg.Client, query: string): Promise<number> {
  return Number((await db.query<{ n: number }>(query)).rows[0]?.n ?? 0);
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `done` every `everyMs` until it holds or `timeoutMs` passes; resolves with the last answer. */
export async function waitUntil(
  done: () => Promise<boolean>,
  timeoutMs: number,
  everyMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() >= deadline) return false;
    await pause(everyMs);
  }
}

/**
 * Of `rows` (one per reminder or renewal term), the problems if some of the `due` licences
 * have none or one has more than one. `what` names the row in the messages.
 */
export function oncePerLicence(
  rows: ReadonlyArray<{ license_id: string }>,
  due: number,
  what: { missing: string; doubled: string },
): string[] {
  const perLicence = new Map<string, number>();
  for (const row of rows) perLicence.set(row.license_id, (perLicence.get(row.license_id) ?? 0) + 1);
  const problems: string[] = [];
  if (perLicence.size !== due)
    problems.push(`${due} licences due, ${perLicence.size} ${what.missing}`);
  const doubled = [...perLicence.values()].filter((n) => n > 1).length;
  if (doubled > 0) problems.push(`${doubled} licences ${what.doubled}`);
  return problems;
}
