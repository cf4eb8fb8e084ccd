import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { queryRows, rawClientOf, type Database } from '../db/client';
import { bossSettings, JOB_SCHEMA } from './boss';
import type { AnyJobDefinition, JobDefinition } from './definition';
import { installJobQueues } from './install';
import { pgliteJobDb, poolJobDb, type JobDb } from './job-db';
import { QueueWorker, type JobHandler, type PassResult } from './queue-worker';

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How often an idle queue is looked at again (retries falling due, jobs of other processes). */
  pollIntervalMs?: number;
}

const DEFAULT_POLL_INTERVAL_MS = 5_000;

/** The app's own connection: PGlite itself, or the pg pool (docs/decisions/008-job-queue.md). */
function appJobDb(db: Database): { jobDb: JobDb; exclusive: boolean } {
  const raw = rawClientOf(db);
  return raw.driver === 'pglite'
    ? { jobDb: pgliteJobDb(raw.client), exclusive: true }
    : { jobDb: poolJobDb(raw.client), exclusive: false };
}

/**
 * Background jobs of this process on pg-boss: the registry of job handlers (a worker per
 * kind of job), pg-boss's maintenance, and the waking, draining and stopping the app needs.
 * Jobs are written with `sendJob` (in the caller's transaction); this only runs them. A new
 * kind of job (licence reminders, say) is defined next to its feature (as mail/job.ts does)
 * and registered by that feature's plugin with `app.jobs.register(definition, handler)`.
 */
export class JobRunner {
  private readonly boss: PgBoss;
  private readonly definitions: AnyJobDefinition[] = [];
  private readonly workers = new Map<string, QueueWorker<object>>();
  /** Cron expressions (UTC) of the jobs sent on a schedule, by queue name. */
  private readonly schedules = new Map<string, string>();
  private readonly exclusive: boolean;
  private started = false;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {
    const { jobDb, exclusive } = appJobDb(options.db);
    this.exclusive = exclusive;
    // This process runs pg-boss's scheduler: a scheduled job is sent once per due minute
    // whatever the number of processes (pg-boss keys it by queue and minute).
    this.boss = new PgBoss({ ...bossSettings(jobDb), schedule: true });
    // Maintenance runs on a timer; its failures (a database gone for a moment) are logged
    // and retried at the next interval rather than thrown into the void.
    this.boss.on('error', (error) => options.log.error({ err: error }, 'job maintenance failed'));
  }

  /** Gives a kind of job its handler; before start(). */
  register<Payload extends object>(
    definition: JobDefinition<Payload>,
    handler: JobHandler<Payload>,
    /** `cron` (UTC): pg-boss sends the job on this schedule with an empty payload. */
    options: { cron?: string } = {},
  ): void {
    if (this.workers.has(definition.name)) {
      throw new Error(`job "${definition.name}" already has a handler`);
    }
    if (this.started) throw new Error('register job handlers before the runner starts');
    const worker = new QueueWorker(
      this.boss,
      definition,
      handler,
      this.options.log,
      this.options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    );
    this.workers.set(definition.name, worker as unknown as QueueWorker<object>);
    this.definitions.push(definition);
    if (options.cron) this.schedules.set(definition.name, options.cron);
  }

  /**
   * Creates the queues of the registered jobs, then starts pg-boss and every worker. On the
   * embedded database no other process can be running (the data directory lock), so an
   * attempt still marked active was cut short by a crash: it is failed now, with that
   * reason, and retried after its back-off instead of after its expiry.
   */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    await installJobQueues(this.options.db, this.definitions);
    await this.boss.start();
    // Upserted by name: every process writes the same schedule, the last start wins.
    for (const [name, cron] of this.schedules)
      await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
    if (this.exclusive) await this.failInterrupted();
    for (const worker of this.workers.values()) worker.start();
  }

  /** Has this process look at a queue now, e.g. right after a commit that queued a job. */
  wake(name: string): void {
    if (this.started) this.workers.get(name)?.wake();
  }

  /** Runs one queue, or all, until nothing is due; counts what this call saw finish. */
  async drain(name?: string): Promise<PassResult> {
    const total: PassResult = { completed: 0, failed: 0 };
    for (const worker of this.workers.values()) {
      if (name && worker.name !== name) continue;
      const pass = await worker.drain();
      total.completed += pass.completed;
      total.failed += pass.failed;
    }
    return total;
  }

  /** Stops the workers (each waits, bounded, for its attempt in flight), then pg-boss. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    await this.boss.stop({ graceful: false, close: false });
  }

  private async failInterrupted(): Promise<void> {
    for (const name of this.workers.keys()) {
      const rows = await queryRows<{ id: string }>(
        this.options.db,
        sql`select id from ${sql.identifier(JOB_SCHEMA)}.job where name = ${name} and state = 'active'`,
      );
      if (rows.length === 0) continue;
      for (const { id } of rows) {
        await this.boss.fail(name, id, {
          message: 'interrupted: the server stopped during this attempt',
        });
      }
      this.options.log.warn({ job: name, jobs: rows.length }, 'interrupted jobs set to retry');
    }
  }
}
