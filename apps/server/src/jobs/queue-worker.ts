import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobDefinition } from './definition';

/** What a handler learns about the job it runs, besides the payload. */
export interface JobContext {
  /** pg-boss's job id: stable across attempts, so a handler can make its effect idempotent. */
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  log: FastifyBaseLogger;
}

export type JobHandler<Payload extends object> = (
  payload: Payload,
  job: JobContext,
) => Promise<void>;

export interface PassResult {
  completed: number;
  failed: number;
}

/** Shutdown waits this long for the attempt in flight; an unfinished one is retried later. */
export const STOP_WAIT_MS = 10_000;

const withDeadline = async <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`attempt timed out after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
};

const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Works one pg-boss queue in this process: claims jobs with `fetch` (FOR UPDATE SKIP LOCKED,
 * so N processes never claim the same job), runs the handler on each, then `complete` or `fail`
 * (pg-boss applies the retry limit and the exponential back-off). It keeps fetching while
 * there is work, then waits for the polling interval or a `wake()`.
 *
 * pg-boss's own `work()` is not used: in version 10 it waits a full polling interval after
 * every batch and completes or fails a batch as a whole, and a pass here must be something
 * `drain()` can wait for, so tests deliver deterministically without sleeping.
 */
export class QueueWorker<Payload extends object> {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<PassResult> | undefined;
  private again = false;
  private stopping = false;
  /** A caller of drain() waits on the pass in progress: it runs to the end even once stopping. */
  private drainAsked = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly definition: JobDefinition<Payload>,
    private readonly handler: JobHandler<Payload>,
    private readonly log: FastifyBaseLogger,
    private readonly pollIntervalMs: number,
  ) {}

  get name(): string {
    return this.definition.name;
  }

  start(): void {
    if (this.timer || this.stopping) return;
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (after a commit that queued a job), unless stopping. */
  wake(): void {
    if (this.stopping) return;
    this.run().catch((error: unknown) =>
      this.log.error({ err: error, job: this.name }, 'job worker pass failed'),
    );
  }

  /**
   * Works the queue until nothing is due, joining the pass in progress if there is one (a
   * pass in progress is asked for one more round, so nothing queued before this call is
   * missed). Works even after stop(), for tests and command-line tools.
   */
  drain(): Promise<PassResult> {
    this.drainAsked = true;
    return this.run();
  }

  /**
   * Stops polling and waits for the attempt in flight, but not forever: an attempt stuck on
   * a dead SMTP server or database must not block shutdown. An unfinished job stays active
   * in pg-boss and is retried once its expiry passes.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    if (!this.pass) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_WAIT_MS);
    });
    await Promise.race([
      this.pass.then(
        () => undefined,
        () => undefined,
      ),
      timeout,
    ]);
    clearTimeout(timer);
  }

  /** One pass at a time in this process; a request during a pass adds a round to it. */
  private run(): Promise<PassResult> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    const pass = (async () => {
      const total: PassResult = { completed: 0, failed: 0 };
      do {
        this.again = false;
        const round = await this.workUntilEmpty();
        total.completed += round.completed;
        total.failed += round.failed;
      } while (this.again && (!this.stopping || this.drainAsked));
      this.drainAsked = false;
      return total;
    })();
    this.pass = pass;
    void pass
      .finally(() => {
        if (this.pass === pass) this.pass = undefined;
      })
      .catch(() => undefined);
    return pass;
  }

  /**
   * Claims and runs batches until a claim comes back short of a full batch: nothing else was
   * due then, and a job queued since wakes the worker for another round. The jobs that
   * succeeded are completed together, in one statement per batch rather than one per job:
   * under load every statement competes with the requests for the database.
   */
  private async workUntilEmpty(): Promise<PassResult> {
    const result: PassResult = { completed: 0, failed: 0 };
    const batchSize = this.definition.concurrency ?? 1;
    for (;;) {
      const jobs = await this.boss.fetch<object>(this.name, { includeMetadata: true, batchSize });
      if (jobs.length === 0) return result;
      // All claimed jobs start now: on shutdown none is left claimed but not attempted.
      const outcomes = await Promise.all(jobs.map((job) => this.attempt(job)));
      const succeeded = jobs.filter((_, index) => outcomes[index]).map((job) => job.id);
      if (succeeded.length > 0) await this.boss.complete(this.name, succeeded);
      result.completed += succeeded.length;
      result.failed += jobs.length - succeeded.length;
      // Stopping ends a background pass after its batch; a drain works until nothing is due.
      if ((this.stopping && !this.drainAsked) || jobs.length < batchSize) return result;
    }
  }

  /** Runs one job; a failure is recorded at once (with its own message), a success returned. */
  private async attempt(job: PgBoss.JobWithMetadata<object>): Promise<boolean> {
    const attempt = job.retryCount + 1;
    const log = this.log.child({ job: this.name, jobId: job.id, attempt });
    try {
      const payload = this.definition.payload.parse(job.data);
      await withDeadline(
        this.handler(payload, { id: job.id, attempt, log }),
        this.definition.timeoutSeconds * 1000,
      );
    } catch (error) {
      const giveUp = job.retryCount >= job.retryLimit;
      await this.boss.fail(this.name, job.id, { message: messageOf(error) });
      log.warn({ err: error, giveUp }, giveUp ? 'job failed for good' : 'job failed, will retry');
      return false;
    }
    return true;
  }
}
