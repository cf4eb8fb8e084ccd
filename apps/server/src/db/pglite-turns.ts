import type { PGlite } from '@electric-sql/pglite';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lets the event loop take a turn before each statement PGlite is given outside a transaction.
 *
 * PGlite runs statements synchronously on the event loop, and the statements queued behind one
 * follow it through promise callbacks, which Node runs before it looks at its sockets again. So
 * while requests and jobs kept statements queued, no new request was read: under the mixed load,
 * answers that need no database at all (a cached page, the payment methods) waited up to 11 s
 * behind orders and mail jobs (docs/quality.md 'Reliability'). With a turn before each statement,
 * requests are read and cached answers sent between statements. A turn costs microseconds.
 * Statements inside a transaction are not delayed: the transaction holds the one connection.
 */
export function takeTurnsWithRequests(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await nextTurn();
    return transaction(...args);
  }) as typeof client.transaction;
}
