import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { queryRows } from '../db/client';
import type { Executor } from '../db/transaction';
import type { AnyJobDefinition, JobDefinition } from './definition';
import { executorJobDb, type JobDb } from './job-db';

/** The PostgreSQL schema pg-boss keeps its tables in, apart from the app's `public`. */
export const JOB_SCHEMA = 'pgboss';

/** An attempt still active this long after its own time-out belongs to a process that died. */
const EXPIRY_MARGIN_SECONDS = 30;

/**
 * pg-boss settings shared by every instance. Maintenance (retrying attempts abandoned by a
 * dead process, archiving finished jobs) runs in every server but only one of them does it
 * per interval. Completed jobs stay in the job table a day, failed ones 30 days, so an
 * operator can see what was never delivered and why; the archive keeps both 30 days more.
 */
export const bossSettings = (db: JobDb): PgBoss.ConstructorOptions => ({
  db,
  schema: JOB_SCHEMA,
  // The tables are created or migrated before any instance starts (installJobQueues).
  migrate: false,
  // Off for the installer and the sender; the runner switches it on (licence reminders run
  // on a schedule, docs/decisions/017-licence-reminders.md).
  schedule: false,
  supervise: true,
  maintenanceIntervalSeconds: 30,
  archiveCompletedAfterSeconds: 24 * 60 * 60,
  archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
  deleteAfterDays: 30,
});

const queueOptions = (definition: AnyJobDefinition): PgBoss.Queue => ({
  name: definition.name,
  policy: 'standard',
  retryLimit: definition.retryLimit,
  retryDelay: definition.retryDelaySeconds,
  retryBackoff: true,
  expireInSeconds: definition.timeoutSeconds + EXPIRY_MARGIN_SECONDS,
});

/**
 * Creates or migrates pg-boss's schema (under its own advisory lock, so servers starting
 * together do it once) and creates each queue, or brings its retry policy up to date.
 */
export async function createJobQueues(
  db: JobDb,
  definitions: readonly AnyJobDefinition[],
): Promise<void> {
  const boss = new PgBoss({ ...bossSettings(db), migrate: true, supervise: false });
  // Without maintenance or workers nothing runs in the background to report an error;
  // whatever fails here rejects the awaited call instead.
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (const definition of definitions) {
      await boss.createQueue(definition.name, queueOptions(definition));
      await boss.updateQueue(definition.name, queueOptions(definition));
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/**
 * Sends through the connection given with each call and never through its own, so it needs
 * no start and no pool: `send(name, data, { db })` is pg-boss's way to write a job in the
 * caller's transaction.
 */
const sender = new PgBoss({
  ...bossSettings({
    executeSql: () => Promise.reject(new Error('jobs are sent through the caller executor')),
  }),
  supervise: false,
});

/**
 * Writes one job with the caller's database handle or open transaction: the job exists if
 * and only if that transaction commits. Resolves with the job id. Nothing runs it until a
 * worker claims it (see JobRunner.wake to have this process look at once after the commit).
 */
export async function sendJob<Payload extends object>(
  executor: Executor,
  definition: JobDefinition<Payload>,
  payload: Payload,
  options: { id?: string } = {},
): Promise<string> {
  const data = definition.payload.parse(payload);
  const id = await sender.send(definition.name, data, {
    ...options,
    // Due a second ago by the database's clock. pg-boss claims a job only once its start is
    // strictly before now(), and the embedded database's clock moves by the millisecond: a
    // job sent in the same millisecond as the wake-up that follows would wait for the next
    // poll. (A string start is added to now() as an interval.)
    startAfter: '-1 second',
    db: executorJobDb(executor),
  });
  // pg-boss inserts nothing for a queue that does not exist (or an id already taken).
  if (!id) throw new Error(`job not written: no queue "${definition.name}" or a duplicate id`);
  return id;
}

/**
 * `sendJob` under an id the caller derives from what the job is about (a payment's id for
 * that payment's mail), so that a job run twice writes its follow-up once. Resolves false,
 * writing nothing, when a job of that queue already has the id (in the job table or the
 * archive); throws when the queue does not exist.
 */
export async function sendJobOnce<Payload extends object>(
  executor: Executor,
  definition: JobDefinition<Payload>,
  id: string,
  payload: Payload,
): Promise<boolean> {
  try {
    await sendJob(executor, definition, payload, { id });
    return true;
  } catch (error) {
    const existing = await queryRows<{ id: string }>(
      executor,
      sql`select id from ${sql.identifier(JOB_SCHEMA)}.job where name = ${definition.name} and id = ${id}
          union all
          select id from ${sql.identifier(JOB_SCHEMA)}.archive where name = ${definition.name} and id = ${id}`,
    );
    if (existing.length > 0) return false;
    throw error;
  }
}
