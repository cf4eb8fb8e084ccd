import pg from 'pg';
import { Stats } from './http';
import { withServerPair, type ServerPair, type ServerPairOptions } from './server-pair';
import { buyPaidCardOrders } from './store';

/**
 * What a scenario of licences sold on two servers works with: the pair, a connected client of
 * their database, the figures of the requests sent and the problems met so far.
 */
export interface PairScenario {
  pair: ServerPair;
  db: pg.Client;
  stats: Stats;
  problems: string[];
}

/**
 * Runs `scenario` on a fresh pair of servers with a client of their database, closed after.
 * The scenario answers with the run's `problems`; the errors the servers logged and the
 * requests that failed are added to them last, as every such scenario reports them.
 */
export function withPairScenario<T extends { problems: string[] }>(
  options: ServerPairOptions,
  scenario: (run: PairScenario) => Promise<T>,
): Promise<T> {
  return withServerPair(options, async (pair) => {
    const run: PairScenario = {
      pair,
      db: new pg.Client({ connectionString: pair.scratch.url }),
      stats: new Stats(),
      problems: [],
    };
    try {
      await run.db.connect();
      const result = await scenario(run);
      result.problems.push(...pair.loggedErrors());
      result.problems.push(...run.stats.failures);
      return result;
    } finally {
      await run.db.end().catch(() => undefined);
    }
  });
}

/**
 * `buyers` new accounts buy a licence of `templates` by card and pay it on the sandbox page,
 * half through each server; `autoRenew` ticks automatic renewal. The problems go to the run's.
 */
export async function sellPaidLicences(
  run: PairScenario,
  templates: readonly number[],
  buyers: number,
  autoRenew = false,
): Promise<void> {
  const [a, b] = run.pair.servers;
  run.problems.push(
    ...(await buyPaidCardOrders({
      stats: run.stats,
      servers: [a.url, b.url],
      templates,
      buyers,
      autoRenew,
    })),
  );
}
