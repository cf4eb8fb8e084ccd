import type { z } from 'zod';

/**
 * One kind of background job: its queue in pg-boss and the shape of its payload. Features
 * declare theirs next to their code (mail/job.ts); the runner creates the queue of each job
 * it has a handler for, and a process that only sends creates it with installJobQueues.
 */
export interface JobDefinition<Payload extends object> {
  /** pg-boss queue name. */
  readonly name: string;
  /** Checked when a job is sent and again before it runs. */
  readonly payload: z.ZodType<Payload>;
  /** Attempts after the first one; pg-boss keeps the job 'failed', with its error, after the last. */
  readonly retryLimit: number;
  /** First retry delay in seconds; each later one doubles it (pg-boss adds up to as much again at random). */
  readonly retryDelaySeconds: number;
  /**
   * Longest an attempt may run: the runner counts a slower one as failed. pg-boss retries an
   * attempt left active a little longer than this (a process that died during it).
   */
  readonly timeoutSeconds: number;
  /**
   * Jobs one process claims and runs at once (1 by default). Every job claimed is started at
   * once, so a shutdown never leaves one merely claimed.
   */
  readonly concurrency?: number;
}

export function defineJob<Payload extends object>(
  definition: JobDefinition<Payload>,
): JobDefinition<Payload> {
  return definition;
}

/** A definition whatever its payload, as the installer takes them. */
export type AnyJobDefinition = JobDefinition<object>;
