import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { tables } from '../db/schema/tables';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobQueues } from './boss';
import { defineJob } from './definition';
import { z } from 'zod';
import { executorJobDb, pgliteJobDb } from './job-db';

const rowsOf = async (client: PGlite, text: string) =>
  (await client.query<{ v: number }>(text)).rows.map((row) => row.v);

describe('pg-boss on PGlite: the connection adapter', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec('create table t (v int)');
  });
  beforeEach(async () => {
    await client.exec('truncate t');
  });
  afterAll(async () => client.close());

  it('sends a statement with parameters through query()', async () => {
    const db = pgliteJobDb(client);
    const result = await db.executeSql('insert into t values ($1), ($2) returning v', [1, 2]);
    expect(result.rows).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('runs several statements without parameters, answering with the last one', async () => {
    const db = pgliteJobDb(client);
    const result = await db.executeSql(
      'insert into t values (1); select count(*)::int as n from t',
      [],
    );
    expect(result.rows).toEqual([{ n: 1 }]);
  });

  it('commits a BEGIN … COMMIT string as a whole', async () => {
    const db = pgliteJobDb(client);
    await db.executeSql(
      `
      BEGIN;
      SET LOCAL lock_timeout = '30s';
      SELECT pg_advisory_xact_lock(42);
      insert into t values (1);
      insert into t values (2);
      COMMIT;
    `,
      [],
    );
    expect(await rowsOf(client, 'select v from t order by v')).toEqual([1, 2]);
    expect(client.isInTransaction()).toBe(false);
  });

  it('rolls a failing BEGIN … COMMIT string back entirely and leaves the connection usable', async () => {
    const db = pgliteJobDb(client);
    await expect(
      db.executeSql(
        'BEGIN; insert into t values (1); select 1/0; insert into t values (2); COMMIT;',
        [],
      ),
    ).rejects.toThrow('division by zero');
    // Handed to exec() as it is, the string would leave the one connection in an aborted
    // transaction, and this query would fail with "current transaction is aborted".
    expect(client.isInTransaction()).toBe(false);
    expect(await rowsOf(client, 'select v from t')).toEqual([]);
  });

  it("keeps the app's own queries out of the wrapped transaction", async () => {
    const db = pgliteJobDb(client);
    const failing = db.executeSql(
      'BEGIN; insert into t values (1); select pg_sleep(0.05); select 1/0; COMMIT;',
      [],
    );
    // Asked for while the wrapped transaction runs: it waits for its end, and survives its
    // rollback.
    const appInsert = client.query('insert into t values (2)');
    await expect(failing).rejects.toThrow('division by zero');
    await appInsert;
    expect(await rowsOf(client, 'select v from t')).toEqual([2]);
  });

  it("installs pg-boss's schema and queues, and does nothing the second time", async () => {
    const db = pgliteJobDb(client);
    const job = defineJob({
      name: 'test-job',
      payload: z.object({ n: z.number() }),
      retryLimit: 2,
      retryDelaySeconds: 5,
      timeoutSeconds: 10,
    });
    await createJobQueues(db, [job]);
    await createJobQueues(db, [job]);
    const boss = new PgBoss({ db, migrate: false, supervise: false, schedule: false });
    expect(await boss.isInstalled()).toBe(true);
    expect(await boss.getQueue('test-job')).toMatchObject({
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 40,
    });
    // Maintenance (BEGIN … COMMIT strings under pg-boss's advisory lock) runs through it too.
    await boss.maintain();
    expect(client.isInTransaction()).toBe(false);
  });

  it("writes a job in the caller's Drizzle transaction, gone if it rolls back", async () => {
    const db = pgliteJobDb(client);
    await createJobQueues(db, []);
    const boss = new PgBoss({ db, migrate: false, supervise: false, schedule: false });
    await boss.createQueue('q');
    const orm = drizzle(client, { schema: tables });
    await expect(
      orm.transaction(async (tx) => {
        await boss.send('q', { n: 1 }, { db: executorJobDb(tx) });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await boss.getQueueSize('q')).toBe(0);
    await orm.transaction(async (tx) => {
      await boss.send('q', { n: 2 }, { db: executorJobDb(tx) });
    });
    expect(await boss.getQueueSize('q')).toBe(1);
  });
});
