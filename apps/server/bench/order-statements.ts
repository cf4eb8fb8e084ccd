import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { buildTestApp } from '../test/helper';
import { nextIp } from '../test/auth-helpers';
import { buyer, item, orderBody, ORDERS, template, type Buyer } from '../test/orders-helpers';

/**
 * Where the CPU of one order goes, statement by statement, on the embedded database (on disk,
 * as `npm start` runs it): `node --import tsx bench/order-statements.ts [inFlight...]`.
 *
 * The app runs in this process and orders go through inject(), so no load generator shares
 * the CPU and PGlite's own work can be timed exactly: it runs synchronously inside each call of
 * its protocol entry point, and that call's CPU is charged to the statement last parsed. The
 * figures are CPU, not wall time, so they hardly move with what else the machine runs. It
 * prints one JSON document: per concurrency, CPU per order (request path, with the background
 * jobs held back), per e-mail (the jobs that draw and deliver it, run afterwards) and the
 * statements of both ranked by their cost.
 */

const ORDERS_PER_RUN = 600;
const WARM_UP_ORDERS = 100;
const BUYERS = 40;

interface StatementCost {
  statement: string;
  calls: number;
  cpuMs: number;
}

type ProtocolEntry = (message: Uint8Array) => Uint8Array;

/** Charges PGlite's CPU to the statement each protocol message belongs to. */
function meterStatements(client: PGlite) {
  const costs = new Map<string, StatementCost>();
  let current = 'unknown';
  let totalMs = 0;
  const target = client as unknown as { execProtocolRawSync: ProtocolEntry };
  const original = target.execProtocolRawSync.bind(client);
  target.execProtocolRawSync = (message) => {
    current = statementOf(message) ?? current;
    const before = process.cpuUsage();
    const answer = original(message);
    const spent = process.cpuUsage(before);
    const ms = (spent.user + spent.system) / 1000;
    totalMs += ms;
    const cost = costs.get(current) ?? { statement: current, calls: 0, cpuMs: 0 };
    cost.calls += 1;
    cost.cpuMs += ms;
    costs.set(current, cost);
    return answer;
  };
  return {
    totalMs: () => totalMs,
    reset: () => {
      costs.clear();
      totalMs = 0;
    },
    ranked: () => [...costs.values()].sort((a, b) => b.cpuMs - a.cpuMs),
  };
}

/** The SQL text of a Parse ('P') or simple Query ('Q') message, shortened to name it. */
function statementOf(message: Uint8Array): string | undefined {
  const type = message[0];
  let start = 5;
  if (type === 0x50) {
    // Parse: a statement name (NUL-terminated), then the query text.
    while (start < message.length && message[start] !== 0) start += 1;
    start += 1;
  } else if (type !== 0x51) {
    return undefined;
  }
  let end = start;
  while (end < message.length && message[end] !== 0) end += 1;
  return Buffer.from(message.subarray(start, Math.min(end, start + 72)))
    .toString('utf8')
    .replace(/\s+/g, ' ')
    .trim();
}

const cpuMsSince = (before: NodeJS.CpuUsage) => {
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
};

async function profile(inFlight: number) {
  const { app, db, database, close } = await buildTestApp({ pgliteOnDisk: true });
  if (database.driver !== 'pglite') throw new Error('the profile measures the embedded database');
  try {
    const meter = meterStatements(database.client);
    const sold = await template(db, 'pro-annually');
    const buyers: Buyer[] = [];
    for (let i = 0; i < BUYERS; i += 1) buyers.push(await buyer(app));
    const payload = orderBody([item(sold.id)]);

    let refused = 0;
    const place = async (count: number) => {
      let next = 0;
      const lane = async () => {
        while (next < count) {
          const who = buyers[next % buyers.length];
          next += 1;
          const res = await app.inject({
            method: 'POST',
            url: ORDERS,
            remoteAddress: nextIp(),
            headers: { ...who?.headers, 'idempotency-key': randomUUID() },
            payload,
          });
          if (res.statusCode !== 201) refused += 1;
        }
      };
      await Promise.all(Array.from({ length: inFlight }, lane));
    };
    const pendingMail = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state <> 'completed'`,
        )
      )[0]?.n ?? 0;
    // After the warm-up the background jobs no longer run on their own: the request phase
    // measures the requests alone, and the jobs they wrote are then run here, measured apart.
    let background = true;
    const drainMail = async () => {
      while ((await pendingMail()) > 0) {
        if (background) await new Promise((resolve) => setTimeout(resolve, 50));
        else await app.jobs.drain();
      }
    };

    await place(WARM_UP_ORDERS);
    await drainMail();
    await app.jobs.stop();
    background = false;
    meter.reset();
    const requestsStart = process.cpuUsage();
    await place(ORDERS_PER_RUN);
    const requestCpuMs = cpuMsSince(requestsStart);
    const requestDbMs = meter.totalMs();
    const statements = meter.ranked();
    const mailStart = process.cpuUsage();
    meter.reset();
    await drainMail();
    const mailCpuMs = cpuMsSince(mailStart);
    const mailStatements = meter.ranked();
    if (refused > 0) throw new Error(`${refused} orders refused`);
    const per = (ms: number) => Number((ms / ORDERS_PER_RUN).toFixed(3));
    return {
      inFlight,
      orders: ORDERS_PER_RUN,
      cpuMsPerOrder: per(requestCpuMs),
      databaseMsPerOrder: per(requestDbMs),
      mailCpuMsPerOrder: per(mailCpuMs),
      mailDatabaseMsPerOrder: per(meter.totalMs()),
      statements: statements.slice(0, 12).map((cost) => ({
        statement: cost.statement,
        callsPerOrder: Number((cost.calls / ORDERS_PER_RUN).toFixed(1)),
        cpuMsPerOrder: per(cost.cpuMs),
      })),
      mailStatements: mailStatements.slice(0, 8).map((cost) => ({
        statement: cost.statement,
        callsPerOrder: Number((cost.calls / ORDERS_PER_RUN).toFixed(1)),
        cpuMsPerOrder: per(cost.cpuMs),
      })),
    };
  } finally {
    await close();
  }
}

const levels = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const results = [];
for (const inFlight of levels.length > 0 ? levels : [20, 50]) results.push(await profile(inFlight));
process.stdout.write(`${JSON.stringify(results)}\n`);
