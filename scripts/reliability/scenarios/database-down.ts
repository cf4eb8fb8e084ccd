import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, Stats, TransportError, type Answer } from '../lib/http';
import { Ledger } from '../lib/ledger';
import { createScratchDatabase, throughPort } from '../lib/postgres';
import { freePort, startServer } from '../lib/server-process';
import {
  newOrderRequest,
  orderOf,
  placeOrder,
  register,
  templateIds,
  type Customer,
} from '../lib/store';
import { TcpProxy, type CutMode } from '../lib/tcp-proxy';
import { verifyLedger, type Verification } from '../lib/verify';

/**
 * Database down (PostgreSQL only; docs/quality.md 'Database down (PostgreSQL)'): the server reaches
 * PostgreSQL through a TCP proxy that the test cuts, once refusing connections (a crashed database)
 * and once swallowing traffic (a network partition). While it is down the API must answer 503 with
 * a clear message, quickly, and the health check must fail; when it is back the server must recover
 * on its own; nothing acknowledged may be lost.
 */

export interface OutageFigures {
  mode: CutMode;
  outageMs: number;
  /** Answers received while the database was away, by status ("network" for none). */
  answers: Record<string, number>;
  slowestAnswerMs: number;
  healthDuringOutage: number[];
  healthMessage: string;
  /** From the proxy's return to the first healthy check and the first accepted order. */
  recoveryMs: number;
}

export interface DatabaseDownResult {
  outages: OutageFigures[];
  verification: Verification;
  stats: Stats;
  problems: string[];
}

const HEALTH = '/api/health';

export async function runDatabaseDown(o: {
  adminDatabaseUrl: string;
  outageMs: number;
  users: number;
}): Promise<DatabaseDownResult> {
  const scratch = await createScratchDatabase(o.adminDatabaseUrl, 'down');
  const target = new URL(o.adminDatabaseUrl);
  const proxy = new TcpProxy(await freePort(), {
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  await proxy.open();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-down-'));
  const stats = new Stats();
  const ledger = new Ledger();
  const problems: string[] = [];
  const outages: OutageFigures[] = [];
  const server = await startServer({
    port: await freePort(),
    dataDir,
    sessionSecret: randomBytes(32).toString('hex'),
    databaseUrl: throughPort(scratch.url, proxy.port),
  });
  try {
    const templates = await templateIds(server.url);
    const customers: Customer[] = [];
    for (let i = 0; i < o.users; i += 1) {
      const { customer, answer } = await register(stats, server.url);
      if (!customer) throw new Error(`register: ${answer.status} ${answer.text}`);
      customers.push(customer);
    }

    let phase: 'up' | 'down' = 'up';
    let seq = 0;
    let stop = false;
    const downAnswers = new Map<string, number>();
    let slowest = 0;
    const visitor = async (customer: Customer) => {
      while (!stop) {
        seq += 1;
        const request = newOrderRequest(templates, seq);
        const duringOutage = phase === 'down';
        let answer: Answer | undefined;
        try {
          answer = await placeOrder(
            stats,
            duringOutage ? 'order (database down)' : 'order',
            server.url,
            customer,
            request,
          );
        } catch (error) {
          if (!(error instanceof TransportError)) throw error;
          if (duringOutage) downAnswers.set('network', (downAnswers.get('network') ?? 0) + 1);
          else stats.fail(`order transport failure with the database up: ${error.reason}`);
        }
        if (answer) {
          if (answer.status === 201) ledger.acknowledge(customer, request.key, orderOf(answer));
          if (duringOutage || phase === 'down') {
            downAnswers.set(
              String(answer.status),
              (downAnswers.get(String(answer.status)) ?? 0) + 1,
            );
            slowest = Math.max(slowest, answer.ms);
          } else if (answer.status !== 201)
            stats.fail(
              `order answered ${answer.status} with the database up: ${answer.text.slice(0, 200)}`,
            );
        }
        // Keep well under the per-account limit of 30 orders per 15 minutes.
        await new Promise((resolve) => setTimeout(resolve, phase === 'down' ? 200 : 1500));
      }
    };
    const load = Promise.all(customers.map(visitor));

    for (const mode of ['refuse', 'blackhole'] as const) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      downAnswers.clear();
      slowest = 0;
      phase = 'down';
      await proxy.cut(mode);
      const health: number[] = [];
      let healthMessage = '';
      const outageEnds = Date.now() + o.outageMs;
      while (Date.now() < outageEnds) {
        const res = await call(stats, 'health (database down)', server.url, 'GET', HEALTH).catch(
          () => undefined,
        );
        health.push(res?.status ?? 0);
        if (res?.status === 503)
          healthMessage = typeof res.body.message === 'string' ? res.body.message : '';
        slowest = Math.max(slowest, res?.ms ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // Browsing while down: the catalogue may come from the cache, anything else is a 503.
      for (const path of [
        '/api/v1/website/templates',
        '/api/v1/website/roadmap',
        '/api/v1/website/auth/me',
      ]) {
        const res = await call(stats, 'browse (database down)', server.url, 'GET', path, {
          token: customers[0]?.token ?? '',
        }).catch(() => undefined);
        const status = res?.status ?? 0;
        downAnswers.set(String(status), (downAnswers.get(String(status)) ?? 0) + 1);
        if (res) slowest = Math.max(slowest, res.ms);
      }
      const restored = performance.now();
      await proxy.restore();
      phase = 'up';
      let recoveryMs = -1;
      while (performance.now() - restored < 60_000) {
        const res = await call(null, 'health', server.url, 'GET', HEALTH).catch(() => undefined);
        if (res?.status === 200) {
          const customer = customers[0];
          const request = newOrderRequest(templates, (seq += 1));
          const probe = customer
            ? await placeOrder(
                stats,
                'order (after recovery)',
                server.url,
                customer,
                request,
              ).catch(() => undefined)
            : undefined;
          if (probe?.status === 201 && customer) {
            ledger.acknowledge(customer, request.key, orderOf(probe));
            recoveryMs = Math.round(performance.now() - restored);
            break;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const answers = Object.fromEntries(downAnswers);
      outages.push({
        mode,
        outageMs: o.outageMs,
        answers,
        slowestAnswerMs: Math.round(slowest),
        healthDuringOutage: health,
        healthMessage,
        recoveryMs,
      });
      const bad = Object.keys(answers).filter((status) => !['201', '200', '503'].includes(status));
      if (bad.length > 0)
        problems.push(
          `${mode}: answers other than 503 while the database was down: ${JSON.stringify(answers)}`,
        );
      if (!health.every((status) => status === 503))
        problems.push(
          `${mode}: health answered ${JSON.stringify(health)} while the database was down (503 expected)`,
        );
      if (slowest > 12_000)
        problems.push(
          `${mode}: an answer took ${Math.round(slowest)} ms while the database was down`,
        );
      if (recoveryMs < 0)
        problems.push(`${mode}: no recovery within 60 s of the database coming back`);
    }
    stop = true;
    await load;
    problems.push(...stats.failures);
    const verification = await verifyLedger({ kind: 'postgres', url: scratch.url }, ledger);
    problems.push(...verification.problems);
    const code = await server.stop();
    if (code !== 0) problems.push(`graceful stop exited with ${code}: ${server.tail(5)}`);
    return { outages, verification, stats, problems };
  } finally {
    await server.kill();
    await proxy.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
