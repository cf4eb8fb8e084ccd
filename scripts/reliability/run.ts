import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { Stats } from './lib/http';
import { Ledger } from './lib/ledger';
import { RESULTS_FILE, WEB_DIST } from './lib/paths';
import { buildServerOnce, freePort, removeServerBundle, startServer } from './lib/server-process';
import { templateIds } from './lib/store';
import { verifyLedger, type Verification } from './lib/verify';
import { runCrash, type CrashResult } from './scenarios/crash';
import { runDatabaseDown, type DatabaseDownResult } from './scenarios/database-down';
import { runMixedLoad } from './scenarios/mixed-load';
import { runReminders } from './scenarios/reminders';
import { runRenewals } from './scenarios/renewals';
import { runSimultaneousPayments } from './scenarios/simultaneous-payments';
import { runTwoServers } from './scenarios/two-servers';

/**
 * One lane of `npm run test:reliability` (lanes.ts runs the lanes), or every scenario in turn:
 * `node --import tsx scripts/reliability/run.ts [--duration=30 --users=16 --payments=40 --buyers=12 --only=load,crash,down,two,reminders,payments,renewals --results=file.json]`
 * (`crash-pglite` or `crash-postgres` for one driver of the crash scenario)
 * (docs/quality.md 'Reliability'): mixed load, crash and restart (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), database outage and two servers sharing the mail queue (PostgreSQL
 * only). Prints the figures and each scenario's time, writes them to test-results/reliability.json
 * and exits non-zero on any failure. RELIABILITY_DURATION_S also sets the load duration.
 *
 * The defaults are what `npm test` runs: sized so every scenario still meets its race (many
 * visitors at once, payments queuing on one invoice counter, a kill in the middle of a run)
 * without paying for volume; the deeper run of the figures in docs/quality.md is
 * `-- --duration=60 --payments=100 --buyers=24`.
 */

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const durationS = Number(option('duration') ?? process.env.RELIABILITY_DURATION_S ?? 30);
const users = Number(option('users') ?? 16);
/** Buyers paying at the same moment on one invoice counter. */
const payments = Number(option('payments') ?? 40);
/** Licences brought to their reminder or renewal date. */
const buyers = Number(option('buyers') ?? 12);
const only = option('only')?.split(',');
const wants = (name: string) => !only || only.includes(name);
const adminDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
/** Where this run writes its figures; the lanes runner gives each lane its own file. */
const resultsFile = option('results') ?? RESULTS_FILE;

interface LoadResult {
  durationS: number;
  users: number;
  requests: number;
  requestsPerSecond: number;
  serverErrors: number;
  transportErrors: number;
  replays: number;
  peakRssMB: number;
  verification: Verification;
  table: Array<Record<string, string | number>>;
  problems: string[];
}

function peakRssMB(pid: number): number {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function mixedLoad(): Promise<LoadResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadran-load-'));
  // A private copy of the web build: a rebuild elsewhere cannot pull pages from under the load.
  const webDist = existsSync(path.join(WEB_DIST, 'index.html'))
    ? mkdtempSync(path.join(tmpdir(), 'cadran-load-web-'))
    : undefined;
  if (webDist) cpSync(WEB_DIST, webDist, { recursive: true });
  const stats = new Stats();
  const ledger = new Ledger();
  const server = await startServer({
    port: await freePort(),
    dataDir,
    sessionSecret: randomBytes(32).toString('hex'),
    ...(webDist ? { webDist } : {}),
  });
  try {
    const templates = await templateIds(server.url);
    const started = performance.now();
    await runMixedLoad({
      base: server.url,
      stats,
      ledger,
      templates,
      durationMs: durationS * 1000,
      users,
      withPages: webDist !== undefined,
    });
    const elapsedS = (performance.now() - started) / 1000;
    const rss = peakRssMB(server.pid);
    const code = await server.stop();
    const problems = [...stats.failures];
    if (code !== 0) problems.push(`graceful stop exited with ${code}: ${server.tail(5)}`);
    const serverErrors = stats.count((status) => status >= 500);
    const transportErrors = stats.count((status) => status === 0);
    if (serverErrors > 0)
      problems.push(
        `${serverErrors} answers were 5xx: ${server.errorLines().slice(0, 3).join(' | ')}`,
      );
    if (transportErrors > 0) problems.push(`${transportErrors} requests got no answer`);
    const verification = await verifyLedger({ kind: 'pglite', dataDir }, ledger);
    problems.push(...verification.problems);
    if (ledger.size === 0)
      problems.push('no order was acknowledged: the load did not exercise orders');
    const requests = stats.table().reduce((sum, row) => sum + Number(row.requests), 0);
    return {
      durationS,
      users,
      requests,
      requestsPerSecond: Math.round(requests / elapsedS),
      serverErrors,
      transportErrors,
      replays: ledger.replays,
      peakRssMB: rss,
      verification,
      table: stats.table(),
      problems,
    };
  } finally {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  }
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  cpus: cpus().length,
  node: process.version,
};
const failures: string[] = [];
const passes: string[] = [];
let sectionStarted = performance.now();
const section = (title: string) => {
  sectionStarted = performance.now();
  console.log(`\n== ${title} ==`);
};
const report = (name: string, problems: string[]) => {
  const seconds = Math.round((performance.now() - sectionStarted) / 1000);
  if (problems.length === 0) {
    console.log(`${name}: PASS in ${seconds} s`);
    passes.push(name);
  } else {
    console.log(`${name}: FAIL in ${seconds} s\n  - ${problems.slice(0, 20).join('\n  - ')}`);
    failures.push(name);
  }
};

console.log(
  `Reliability: ${cpus().length} CPU, Node ${process.version}, load ${durationS} s with ${users} visitors`,
);
const buildStarted = performance.now();
await buildServerOnce();
console.log(`Server bundled in ${Math.round(performance.now() - buildStarted)} ms`);

if (wants('load')) {
  section(`Mixed load, ${durationS} s, ${users} visitors (PGlite)`);
  const load = await mixedLoad();
  console.table(load.table);
  console.log(
    `${load.requests} requests (${load.requestsPerSecond}/s), ${load.verification.acknowledged} orders acknowledged, ${load.replays} idempotent replays, ${load.verification.ordersInDatabase} in the database (${load.verification.paidOrders} paid, ${load.verification.licences} licences), peak RSS ${load.peakRssMB} MB`,
  );
  results.load = load;
  report('mixed load', load.problems);
}

// `crash` runs the scenario on both drivers; `crash-pglite` and `crash-postgres` on one each.
const crashDrivers = (['pglite', 'postgres'] as const).filter(
  (driver) => wants('crash') || wants(`crash-${driver}`),
);
if (crashDrivers.length > 0) {
  const drivers = crashDrivers.filter((driver) => driver === 'pglite' || adminDatabaseUrl);
  if (!adminDatabaseUrl && crashDrivers.includes('postgres'))
    console.log('\n(crash on PostgreSQL skipped: TEST_DATABASE_URL is not set)');
  const crashes: Array<Omit<CrashResult, 'stats'> & { table: unknown }> = [];
  for (const driver of drivers) {
    section(`Crash (SIGKILL under order load) and restart: ${driver}`);
    const crash = await runCrash({
      driver,
      ...(adminDatabaseUrl ? { adminDatabaseUrl } : {}),
      cycles: 2,
      loadMs: 6000,
      users: 12,
    });
    console.table(crash.stats.table());
    console.log(
      `acknowledged before each kill: ${crash.acknowledgedBeforeKill.join(', ')}; in flight at the kill: ${crash.inFlightAtKill.join(', ')}; restart: ${crash.restartMs.join(', ')} ms; ${crash.verification.ordersInDatabase} orders in the database (${crash.verification.paidOrders} paid, ${crash.verification.licences} licences), ${crash.resentAccepted} resent in-flight orders accepted`,
    );
    console.log(
      `mail: ${crash.mail.jobs} jobs, all delivered once: ${crash.mail.deliveredAfterRestart} delivered by the server started after the last run (in ${Math.round(crash.settleMs / 1000)} s), ${crash.mail.retried} needed more than one attempt, ${crash.mail.repeatsAbsorbed} repeated attempts found their mail already in the outbox`,
    );
    const { stats, ...rest } = crash;
    crashes.push({ ...rest, table: stats.table() });
    report(`crash (${driver})`, crash.problems);
  }
  results.crash = crashes;
}

if (wants('down')) {
  section('Database down (PostgreSQL behind a cuttable proxy)');
  if (!adminDatabaseUrl) {
    console.log(
      'SKIPPED: the database-down scenario needs PostgreSQL (set TEST_DATABASE_URL); PGlite lives inside the server process and cannot go away on its own.',
    );
    results.down = 'skipped: no TEST_DATABASE_URL';
  } else {
    const down: DatabaseDownResult = await runDatabaseDown({
      adminDatabaseUrl,
      outageMs: 8000,
      users: 6,
    });
    console.table(
      down.outages.map(({ healthDuringOutage, ...outage }) => ({
        ...outage,
        answers: JSON.stringify(outage.answers),
        health: [...new Set(healthDuringOutage)].join('/'),
      })),
    );
    const { stats, ...rest } = down;
    results.down = { ...rest, table: stats.table() };
    report('database down', down.problems);
  }
}

if (wants('two')) {
  section('Two servers on one PostgreSQL: each mail job runs once');
  if (!adminDatabaseUrl) {
    console.log('SKIPPED: two server processes share a PostgreSQL (set TEST_DATABASE_URL).');
    results.two = 'skipped: no TEST_DATABASE_URL';
  } else {
    const two = await runTwoServers({ adminDatabaseUrl, messages: 100 });
    console.table(two.stats.table());
    console.log(
      `${two.accepted} of ${two.messages} contact messages accepted, ${two.mail.jobs} mail jobs, delivered by the servers ${two.deliveredBy.join(' + ')}; ${two.mail.retried} needed a second attempt, ${two.mail.repeatsAbsorbed} ran twice`,
    );
    const { stats, ...rest } = two;
    results.two = { ...rest, table: stats.table() };
    report('two servers', two.problems);
  }
}

if (wants('reminders')) {
  section('Licence reminders: two servers, a kill, each reminder once');
  if (!adminDatabaseUrl) {
    console.log('SKIPPED: reminders across two servers need a PostgreSQL (set TEST_DATABASE_URL).');
    results.reminders = 'skipped: no TEST_DATABASE_URL';
  } else {
    const reminders = await runReminders({ adminDatabaseUrl, buyers });
    console.log(
      `${reminders.licences} licences due, ${reminders.reminders} reminders, ${reminders.mail.jobs} mail jobs; ${reminders.mail.retried} needed a second attempt, ${reminders.mail.repeatsAbsorbed} ran twice`,
    );
    const { stats, ...rest } = reminders;
    results.reminders = { ...rest, table: stats.table() };
    report('licence reminders', reminders.problems);
  }
}

if (wants('payments')) {
  section('Simultaneous payments: two servers, one invoice counter');
  if (!adminDatabaseUrl) {
    console.log('SKIPPED: payments across two servers need a PostgreSQL (set TEST_DATABASE_URL).');
    results.payments = 'skipped: no TEST_DATABASE_URL';
  } else {
    const paid = await runSimultaneousPayments({ adminDatabaseUrl, payments });
    console.log(
      `${paid.succeeded} of ${paid.payments} simultaneous payments succeeded, ${paid.invoices} invoices numbered without a gap; slowest answer ${paid.slowestMs} ms`,
    );
    const { stats, ...rest } = paid;
    results.payments = { ...rest, table: stats.table() };
    report('simultaneous payments', paid.problems);
  }
}

if (wants('renewals')) {
  section('Automatic renewals: two servers, a kill, each term charged once');
  if (!adminDatabaseUrl) {
    console.log('SKIPPED: renewals across two servers need a PostgreSQL (set TEST_DATABASE_URL).');
    results.renewals = 'skipped: no TEST_DATABASE_URL';
  } else {
    const renewals = await runRenewals({ adminDatabaseUrl, buyers });
    console.log(
      `${renewals.licences} licences due, ${renewals.charged} terms charged (${renewals.takenOver} taken over from the killed run), ${renewals.invoices} invoices issued`,
    );
    const { stats, ...rest } = renewals;
    results.renewals = { ...rest, table: stats.table() };
    report('automatic renewals', renewals.problems);
  }
}

await removeServerBundle();
results.scenarios = { passed: passes, failed: failures };
mkdirSync(path.dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nResults written to ${path.relative(process.cwd(), resultsFile)}`);
if (failures.length > 0) {
  console.log(`Reliability: FAILED (${failures.join(', ')})`);
  process.exit(1);
}
console.log('Reliability: all scenarios passed');
