import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Stats, TransportError } from '../lib/http';
import { Ledger } from '../lib/ledger';
import { repeatsLogged, settleMail, type MailFigures } from '../lib/mail';
import { createScratchDatabase, type ScratchDatabase } from '../lib/postgres';
import { freePort, startServer, type ServerSettings } from '../lib/server-process';
import {
  orderOf,
  placeOrder,
  readOrder,
  templateIds,
  type Customer,
  type OrderRequest,
} from '../lib/store';
import { verifyLedger, type Verification } from '../lib/verify';
import { runMixedLoad } from './mixed-load';

/**
 * Crash and restart (docs/quality.md 'Crash: SIGKILL under order load, restart on the same data'):
 * orders pour in, the server is SIGKILLed mid-flight (no shutdown hook, a power cut), then started
 * again on the same data. It must start cleanly; every order it had acknowledged must be there with
 * all its lines; a request that was in flight, sent again with its Idempotency-Key, must end as
 * exactly one order. Paid orders and bank transfers send mail, so the kills also land while mail is
 * being delivered: in the end every mail job must be delivered, with exactly one outbox file each
 * (lib/mail.ts).
 */

export interface CrashResult {
  driver: 'pglite' | 'postgres';
  cycles: number;
  acknowledgedBeforeKill: number[];
  inFlightAtKill: number[];
  restartMs: number[];
  resentAccepted: number;
  /** From the last stop to every mail delivered: the servers started again for the last mails. */
  settleMs: number;
  verification: Verification;
  mail: MailFigures;
  stats: Stats;
  problems: string[];
}

export interface CrashOptions {
  driver: 'pglite' | 'postgres';
  adminDatabaseUrl?: string;
  cycles: number;
  loadMs: number;
  users: number;
}

export async function runCrash(o: CrashOptions): Promise<CrashResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `cadran-crash-${o.driver}-`));
  let scratch: ScratchDatabase | undefined;
  if (o.driver === 'postgres') {
    if (!o.adminDatabaseUrl)
      throw new Error('the PostgreSQL crash scenario needs TEST_DATABASE_URL');
    scratch = await createScratchDatabase(o.adminDatabaseUrl, 'crash');
  }
  const settings: ServerSettings = {
    port: await freePort(),
    dataDir,
    sessionSecret: randomBytes(32).toString('hex'),
    ...(scratch ? { databaseUrl: scratch.url } : {}),
  };
  const stats = new Stats();
  const ledger = new Ledger();
  const problems: string[] = [];
  let mailRepeats = 0;
  const result: Omit<CrashResult, 'verification' | 'mail' | 'settleMs'> = {
    driver: o.driver,
    cycles: o.cycles,
    acknowledgedBeforeKill: [],
    inFlightAtKill: [],
    restartMs: [],
    resentAccepted: 0,
    stats,
    problems,
  };
  let server = await startServer(settings);
  try {
    const templates = await templateIds(server.url);
    for (let cycle = 1; cycle <= o.cycles; cycle += 1) {
      const inFlight = new Map<string, { customer: Customer; request: OrderRequest }>();
      const abort = new AbortController();
      const before = ledger.size;
      const load = runMixedLoad({
        base: server.url,
        stats,
        ledger,
        templates,
        durationMs: o.loadMs * 10,
        users: o.users,
        withPages: false,
        ordersOnly: true,
        signal: abort.signal,
        inFlight,
      });
      // Kill at a moment the load does not choose: somewhere in the second half of the window,
      // and not before this cycle's load has had an order acknowledged. On a busy host the
      // buyers' sign-ups alone can fill the window, and a kill then finds no order to lose.
      await new Promise((resolve) => setTimeout(resolve, o.loadMs * (0.5 + Math.random() * 0.5)));
      const givingUp = performance.now() + o.loadMs * 9;
      while (ledger.size === before && performance.now() < givingUp)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await server.kill();
      mailRepeats += repeatsLogged(server);
      abort.abort();
      await load;
      result.acknowledgedBeforeKill.push(ledger.size - before);
      result.inFlightAtKill.push(inFlight.size);

      const started = performance.now();
      server = await startServer(settings);
      result.restartMs.push(Math.round(performance.now() - started));
      const startupErrors = server.errorLines();
      if (startupErrors.length > 0)
        problems.push(
          `cycle ${cycle}: errors logged at restart: ${startupErrors.slice(0, 3).join(' | ')}`,
        );

      for (const { customer, request } of inFlight.values()) {
        const answer = await placeOrder(
          stats,
          'order (resent after crash)',
          server.url,
          customer,
          request,
        ).catch((error: unknown) => {
          if (error instanceof TransportError) return undefined;
          throw error;
        });
        if (answer?.status === 201) {
          ledger.acknowledge(customer, request.key, orderOf(answer));
          result.resentAccepted += 1;
        } else
          problems.push(
            `resent order answered ${answer?.status ?? 'nothing'}: ${answer?.text.slice(0, 200) ?? ''}`,
          );
      }
    }
    // The owners still reach their orders: sessions and orders survived together.
    const sample = [...ledger.orders.values()].slice(0, 20);
    for (const order of sample) {
      const owner: Customer = {
        email: '',
        password: '',
        token: order.token,
        userId: order.userId,
        ip: '127.0.0.2',
        ordersPlaced: 0,
        logins: 0,
      };
      const read = await readOrder(stats, server.url, owner, order.id);
      if (read.status !== 200)
        problems.push(
          `order ${order.number} unreadable by its owner after the restart (${read.status})`,
        );
    }
    const code = await server.stop();
    if (code !== 0)
      problems.push(`graceful stop after the crash cycles exited with ${code}: ${server.tail(5)}`);
    mailRepeats += repeatsLogged(server);
    const location = scratch
      ? ({ kind: 'postgres', url: scratch.url } as const)
      : ({ kind: 'pglite', dataDir } as const);
    const verification = await verifyLedger(location, ledger);
    problems.push(...verification.problems);
    problems.push(...stats.failures.filter((failure) => !failure.startsWith('transport')));
    const settleStarted = performance.now();
    const mail = await settleMail(settings, location, mailRepeats);
    const settleMs = Math.round(performance.now() - settleStarted);
    problems.push(...mail.problems);
    if (mail.jobs === 0) problems.push('no mail was queued: the load did not exercise mail');
    return { ...result, settleMs, verification, mail };
  } finally {
    await server.kill();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
