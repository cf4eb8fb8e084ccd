import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { installJobQueues } from '../src/jobs/install';
import { MAIL_JOB } from '../src/mail/job';
import { testDbTarget } from './helper';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';

const adminUrl = process.env.TEST_DATABASE_URL;

// Servers behind a load balancer start together: each installs the job queues at start, and
// none may fail because another is doing the same at that moment.
describe.skipIf(!adminUrl || testDbTarget() !== 'postgres')(
  'installing the job queues from several servers at once (needs TEST_DATABASE_URL)',
  () => {
    let scratch: ScratchDatabase | undefined;
    const handles: DatabaseHandle[] = [];

    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl!, 'cadran_jobs_install');
      for (let i = 0; i < 4; i += 1) {
        handles.push(await openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 2 }));
      }
      await migrateDatabase(handles[0]!);
    });
    afterAll(async () => {
      await Promise.all(handles.map((handle) => handle.close()));
      await scratch?.drop();
    });

    it('creates the schema and the mail queue once, with no server refused', async () => {
      const results = await Promise.allSettled(
        handles.map((handle) => installJobQueues(handle.db, [MAIL_JOB])),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const first = handles[0]!;
      if (first.driver !== 'postgres') throw new Error('expected a PostgreSQL handle');
      const { rows } = await first.client.query<{ name: string }>('SELECT name FROM pgboss.queue');
      expect(rows.map((row) => row.name)).toEqual([MAIL_JOB.name]);
    });
  },
);
