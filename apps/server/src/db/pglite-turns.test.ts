import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurnsWithRequests } from './pglite-turns';

/**
 * A job that runs statement after statement must leave the event loop turns to read requests
 * between them: measured by a callback queued for the loop's next turn (as a request arriving
 * on a socket is) once five statements have run, and how many had run when it came.
 */
async function statementsBeforeNextTurn(client: PGlite): Promise<number | undefined> {
  let ran = 0;
  let ranWhenTurnCame: number | undefined;
  for (let n = 0; n < 30; n += 1) {
    await client.query('SELECT $1::int AS n', [n]);
    ran += 1;
    if (ran === 5)
      setImmediate(() => {
        ranWhenTurnCame = ran;
      });
  }
  return ranWhenTurnCame;
}

describe('PGlite taking turns with requests', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    takeTurnsWithRequests(client);
  });
  afterAll(async () => {
    await client.close();
  });

  it('lets the event loop read requests between the statements of a running job', async () => {
    // Without the turns, the job's 30 statements all ran before the loop's next turn.
    expect(await statementsBeforeNextTurn(client)).toBeLessThanOrEqual(6);
  });

  it('runs statements, exec and transactions as before', async () => {
    await client.exec('CREATE TABLE t (n int)');
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1), (2)');
    });
    const { rows } = await client.query<{ total: number }>('SELECT sum(n)::int AS total FROM t');
    expect(rows).toEqual([{ total: 3 }]);
  });
});
