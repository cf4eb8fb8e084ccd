import pg from 'pg';
import { Stats, TransportError } from '../lib/http';
import { withServerPair } from '../lib/server-pair';
import { decideSandbox, placeCardOrders, templateIds } from '../lib/store';

/**
 * Payments at once across two servers (docs/product.md 'Invoices' ('Issuing')): every paid
 * order takes the next invoice number of the year from one counter row, held from the number
 * to the commit. Buyers place card orders, then all pay on the sandbox page at the same moment,
 * half through each server. Every payment must succeed (none waits past the pool's time-out),
 * and the invoices must be numbered 1 to N without a gap or a repeat.
 */

/**
 * How long a buyer waits for the payment's answer: a hundred at once on two processes of a
 * shared machine queue for its cores, which is not what this scenario measures (the database
 * pool's 5 s wait for the counter row would answer 503 well before).
 */
const PAY_TIMEOUT_MS = 120_000;

export interface SimultaneousPaymentsResult {
  payments: number;
  succeeded: number;
  invoices: number;
  /** Slowest payment answer, in milliseconds. */
  slowestMs: number;
  stats: Stats;
  problems: string[];
}

export async function runSimultaneousPayments(o: {
  adminDatabaseUrl: string;
  payments: number;
}): Promise<SimultaneousPaymentsResult> {
  return withServerPair(
    { adminDatabaseUrl: o.adminDatabaseUrl, label: 'payments' },
    async (pair) => {
      const stats = new Stats();
      const problems: string[] = [];
      const db = new pg.Client({ connectionString: pair.scratch.url });
      try {
        // Each buyer places one card order; the payments wait until every order is placed.
        const templates = await templateIds(pair.servers[0].url);
        const { placed: ready, problems: placing } = await placeCardOrders({
          stats,
          servers: [pair.servers[0].url, pair.servers[1].url],
          templates,
          buyers: o.payments,
        });
        problems.push(...placing);

        const answers = await Promise.all(
          ready.map(async ({ server, customer, paymentId }) => {
            const started = performance.now();
            try {
              const paid = await decideSandbox(
                stats,
                server,
                customer,
                paymentId,
                'pay',
                PAY_TIMEOUT_MS,
              );
              return { status: paid.status, ms: performance.now() - started };
            } catch (error) {
              if (!(error instanceof TransportError)) throw error;
              return { status: 0, ms: error.ms };
            }
          }),
        );
        const succeeded = answers.filter((answer) => answer.status === 200).length;
        const refused = answers.filter((answer) => answer.status !== 200);
        if (refused.length > 0) {
          problems.push(
            `${refused.length} payments answered ${[...new Set(refused.map((a) => a.status || 'nothing'))].join(', ')}`,
          );
        }

        await db.connect();
        const numbers = (
          await db.query<{ number: string }>(
            `select number from invoices where kind = 'invoice' order by number`,
          )
        ).rows.map((row) => Number(row.number.slice(-5)));
        const expected = Array.from({ length: ready.length }, (_, i) => i + 1);
        if (numbers.join() !== expected.join()) {
          problems.push(
            `invoice numbers ${numbers.slice(0, 5).join(',')}… not 1 to ${ready.length}`,
          );
        }
        const unpaid = await db.query<{ n: number }>(
          `select count(*)::int as n from orders where status <> 'completed' or payment_status <> 'paid'`,
        );
        if ((unpaid.rows[0]?.n ?? 0) > 0)
          problems.push(`${unpaid.rows[0]?.n} orders not completed`);

        problems.push(...(await pair.stop()));
        problems.push(...pair.loggedErrors());
        problems.push(...stats.failures);
        return {
          payments: ready.length,
          succeeded,
          invoices: numbers.length,
          slowestMs: Math.round(Math.max(0, ...answers.map((answer) => answer.ms))),
          stats,
          problems,
        };
      } finally {
        await db.end().catch(() => undefined);
      }
    },
  );
}
