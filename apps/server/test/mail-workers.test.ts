import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { JobRunner } from '../src/jobs/runner';
import { MAIL_JOB } from '../src/mail/job';
import { listMail } from '../src/mail/list';
import { queueMail } from '../src/mail/queue';
import { buildTestApp, testDbTarget, type TestApp } from './helper';

/**
 * Two workers on one database, as two server processes behind a load balancer would be. On
 * PostgreSQL (TEST_DATABASE_URL) the second one has a pool of its own, so their claims really
 * race; on PGlite they share the one connection and take turns.
 */
describe(`two job workers on one ${testDbTarget() === 'postgres' ? 'PostgreSQL' : 'PGlite'} database`, () => {
  let t: TestApp;
  let second: DatabaseHandle | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    // The app's own worker must not take part: only the two below deliver.
    await t.app.jobs.stop();
    if (t.database.driver === 'postgres') {
      const url = t.database.client.options.connectionString;
      if (!url) throw new Error('the test pool has no connection string');
      second = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
    }
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('deliver every job exactly once between them', async () => {
    const count = 40;
    for (let i = 0; i < count; i += 1) {
      await queueMail(t.db, {
        kind: 'test',
        to: `client${i}@example.fr`,
        subject: `Message ${i}`,
        text: 'Bonjour',
      });
    }

    const deliveries = new Map<string, string[]>();
    const runner = (name: string, handle: DatabaseHandle) => {
      const jobs = new JobRunner({ db: handle.db, log: createLogger({ logLevel: 'silent' }) });
      jobs.register(MAIL_JOB, async (_mail, job) => {
        deliveries.set(job.id, [...(deliveries.get(job.id) ?? []), name]);
        // A delivery takes a while, so the other worker claims jobs meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      return jobs;
    };
    const a = runner('a', t.database);
    const b = runner('b', second ?? t.database);

    const [fromA, fromB] = await Promise.all([a.drain(), b.drain()]);

    expect(fromA.completed + fromB.completed).toBe(count);
    expect(deliveries.size).toBe(count);
    expect([...deliveries.values()].filter((by) => by.length > 1)).toEqual([]);
    const mails = await listMail(t.db, { kind: 'test' });
    expect(mails.map((mail) => [mail.status, mail.attempts])).toEqual(
      Array.from({ length: count }, () => ['sent', 1]),
    );
    await Promise.all([a.stop(), b.stop()]);
  });
});
