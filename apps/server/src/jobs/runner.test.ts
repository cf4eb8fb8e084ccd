import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { tables } from '../db/schema/tables';
import { createLogger } from '../logger';
import { sendJob } from './boss';
import { defineJob } from './definition';
import { pgliteJobDb } from './job-db';
import { JobRunner } from './runner';

const log = createLogger({ logLevel: 'silent' });

const jobOf = (name: string) =>
  defineJob({
    name,
    payload: z.object({ n: z.number() }),
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 10,
  });

describe('job runner on PGlite', () => {
  let client: PGlite;
  let db: Database;
  let boss: PgBoss;
  beforeAll(async () => {
    client = await PGlite.create();
    db = drizzle(client, { schema: tables });
    boss = new PgBoss({ db: pgliteJobDb(client), migrate: false, supervise: false });
  });
  afterAll(async () => client.close());

  it('stops only once the attempt in flight has completed', async () => {
    const job = jobOf('slow');
    const runner = new JobRunner({ db, log });
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    runner.register(job, async () => {
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await runner.start();
    const id = await sendJob(db, job, { n: 1 });
    runner.wake(job.name);
    await running;

    const stopped = runner.stop();
    release();
    await stopped;
    expect((await boss.getJobById(job.name, id))?.state).toBe('completed');
  });

  it('fails an attempt a crash left active, with the reason, for a retry after its back-off', async () => {
    const job = jobOf('interrupted');
    const first = new JobRunner({ db, log });
    first.register(job, () => Promise.resolve());
    await first.start();
    await first.stop();
    const id = await sendJob(db, job, { n: 2 });
    // Claimed by a process that then died: active, and nobody will complete it.
    expect(await boss.fetch(job.name)).toHaveLength(1);

    const next = new JobRunner({ db, log });
    next.register(job, () => Promise.resolve());
    await next.start();
    const after = await boss.getJobById(job.name, id);
    expect(after).toMatchObject({
      state: 'retry',
      output: { message: 'interrupted: the server stopped during this attempt' },
    });
    expect(after!.startAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await next.stop();
  });

  it('drains every due job once stopped, not only the first batch (command-line tools)', async () => {
    const job = { ...jobOf('after-stop'), concurrency: 2 };
    const runner = new JobRunner({ db, log });
    const seen: number[] = [];
    runner.register(job, ({ n }) => {
      seen.push(n);
      return Promise.resolve();
    });
    await runner.start();
    await runner.stop();
    for (let n = 1; n <= 5; n += 1) await sendJob(db, job, { n });
    expect(await runner.drain(job.name)).toEqual({ completed: 5, failed: 0 });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a second handler for the same job', () => {
    const runner = new JobRunner({ db, log });
    runner.register(jobOf('twice'), () => Promise.resolve());
    expect(() => runner.register(jobOf('twice'), () => Promise.resolve())).toThrow(
      'already has a handler',
    );
  });
});
