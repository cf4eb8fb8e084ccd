import type pg from 'pg';
import { CHARGE_CLAIM_MS } from '../../../apps/server/src/modules/renewals/claim';
import type { Stats } from '../lib/http';
import { countOf, oncePerLicence, pause, queueJobs, waitUntil } from '../lib/jobs';
import { sellPaidLicences, withPairScenario } from '../lib/pair-scenario';

/**
 * Automatic renewals across two servers and a crash (docs/decisions/037-automatic-renewal.md):
 * licences bought with automatic renewal on the sandbox's always-accepted card are brought to
 * twelve hours before their term, several renewal runs are queued at once as pg-boss's scheduler
 * would, one server is killed with SIGKILL while they charge, then started again; once the
 * claims of the killed run lapse, one more run is queued and takes them over. Every due licence must be charged
 * exactly once (one renewal order, one succeeded payment, one invoice, one more term) and the
 * invoice numbers must follow each other with no gap.
 */

export interface RenewalsResult {
  licences: number;
  charged: number;
  /** Terms the killed run held, charged by a later run once their claim lapsed. */
  takenOver: number;
  invoices: number;
  stats: Stats;
  problems: string[];
}

const SETTLE_TIMEOUT_MS = 300_000;
const RUNS = 4;
/** Two servers start at once on one database: on a shared machine that takes its time. */
const READY_TIMEOUT_MS = 300_000;
const RENEWAL_RUN_JOB = 'renewal-run';

interface TermRow {
  license_id: string;
  charge_status: string;
  succeeded: number;
  invoices: number;
}

export async function runRenewals(o: {
  adminDatabaseUrl: string;
  buyers: number;
}): Promise<RenewalsResult> {
  const pairOptions = {
    adminDatabaseUrl: o.adminDatabaseUrl,
    label: 'renewals',
    readyTimeoutMs: READY_TIMEOUT_MS,
  };
  return withPairScenario(pairOptions, async (run) => {
    const { pair, db, stats, problems } = run;
    const { scratch, servers } = pair;
    const [a] = servers;
    // Plans sold by the month: each licence renews itself.
    const templates = (
      await db.query<{ id: number }>(
        `select id from license_templates where is_active and billing_cycle = 'monthly' order by id`,
      )
    ).rows.map((row) => row.id);
    if (templates.length === 0) throw new Error('no monthly plan to renew');

    // Buyers tick automatic renewal and pay on the sandbox page, half through each server.
    await sellPaidLicences(run, templates, o.buyers, true);

    const moved = await db.query(
      // Twelve hours before the term: inside the day before it, when the charge is due.
      `update licenses set starts_at = now() - interval '1 month', expires_at = now() + interval '12 hours'
       where auto_renew and expires_at is not null returning id`,
    );
    const licences = moved.rowCount ?? 0;
    const invoicesBefore = await countOf(db, 'select count(*)::int as n from invoices');

    await queueJobs(scratch.url, RENEWAL_RUN_JOB, RUNS);
    const charged = () =>
      countOf(
        db,
        `select count(*)::int as n from license_renewals where charge_status = 'charged'`,
      );
    // The kill lands once the runs have charged a first term (the servers poll every 5 s).
    await waitUntil(async () => (await charged()) > 0, 30_000, 20);
    const chargedAtKill = await charged();
    await a.kill();
    const killedAt = (await db.query<{ t: Date }>('select now() as t')).rows[0]?.t ?? new Date();
    await pair.restart(0);
    const takenOver = await takeOverKilledClaims(db, scratch.url, killedAt, licences, charged);
    problems.push(...(await pair.stop()));

    const terms = await db.query<TermRow>(
      `select r.license_id, r.charge_status,
              (select count(*)::int from payments p where p.order_id = r.order_id and p.status = 'succeeded') as succeeded,
              (select count(*)::int from invoices i where i.order_id = r.order_id) as invoices
         from license_renewals r where r.term_expires_at is not null`,
    );
    for (const term of terms.rows) {
      if (term.charge_status !== 'charged') problems.push(`a term left ${term.charge_status}`);
      if (term.succeeded !== 1) problems.push(`a term with ${term.succeeded} succeeded payments`);
      if (term.invoices !== 1) problems.push(`a term with ${term.invoices} invoices`);
    }
    problems.push(
      ...oncePerLicence(terms.rows, licences, {
        missing: 'with a renewal term',
        doubled: 'with more than one term charged',
      }),
    );
    const notExtended = await countOf(
      db,
      `select count(*)::int as n from licenses where auto_renew and expires_at < now() + interval '20 days'`,
    );
    if (notExtended > 0) problems.push(`${notExtended} licences not extended by a term`);

    // No number skipped: each year's invoices are numbered 1, 2, 3... with no gap.
    const numbers = await db.query<{ number: string }>(
      `select number from invoices where number like 'FA-%' order by number`,
    );
    const byYear = new Map<string, number[]>();
    for (const { number } of numbers.rows) {
      const [, year, seq] = /^FA-(\d{4})-(\d+)$/.exec(number) ?? [];
      if (year && seq) byYear.set(year, [...(byYear.get(year) ?? []), Number(seq)]);
    }
    for (const [year, seqs] of byYear) {
      const sorted = [...seqs].sort((x, y) => x - y);
      const gaps = sorted.filter((seq, index) => seq !== index + 1);
      if (gaps.length > 0)
        problems.push(`invoice numbers of ${year} skip: ${gaps.slice(0, 5).join(', ')}`);
    }
    const invoices =
      (await countOf(db, 'select count(*)::int as n from invoices')) - invoicesBefore;
    if (chargedAtKill >= licences) problems.push('the kill landed after every term was charged');

    return { licences, charged: await charged(), takenOver, invoices, stats, problems };
  });
}

/** How long the killed run's claims must stay the only terms left before they are lapsed: far
 * more than a living run takes to charge a term it holds on the sandbox (milliseconds). */
const STRANDED_FOR_MS = 5_000;
const RUN_AGAIN_AFTER_MS = 15_000;

/**
 * The killed run held the term it was charging; its claim lapses `CHARGE_CLAIM_MS` after it
 * was taken, on the database's clock, and the next run resumes the term. Rather than idle a
 * minute for that clock, the claims taken before the kill are moved to their lapse once the
 * living runs are done (every other term charged, the same claims held for `STRANDED_FOR_MS`):
 * what a minute would do, and nothing else; then a run is queued and must take them over. The
 * property is the one the minute proved: a term whose run died is charged once, by another
 * run. Resolves with the number of claims lapsed so, after every due term is charged.
 */
async function takeOverKilledClaims(
  db: pg.Client,
  url: string,
  killedAt: Date,
  licences: number,
  charged: () => Promise<number>,
): Promise<number> {
  // A claim taken before the kill lapses by `killedAt + CHARGE_CLAIM_MS` at the latest.
  const stranded = `charge_status <> 'charged' and claimed_until > now()
      and claimed_until <= $1::timestamptz + $2::interval`;
  const params = [killedAt, `${CHARGE_CLAIM_MS} milliseconds`];
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let takenOver = 0;
  let lastQueued = 0;
  let settled = '';
  let settledSince = Date.now();
  while (Date.now() < deadline) {
    const done = await charged();
    if (done >= licences) break;
    const held = await db.query<{ id: string }>(
      `select id from license_renewals where ${stranded} order by id`,
      params,
    );
    const state = `${done}:${held.rows.map((row) => row.id).join(',')}`;
    if (state !== settled) {
      settled = state;
      settledSince = Date.now();
    }
    const onlyKilledLeft = held.rows.length > 0 && done + held.rows.length === licences;
    if (onlyKilledLeft && Date.now() - settledSince >= STRANDED_FOR_MS) {
      const lapsed = await db.query(
        `update license_renewals set claimed_until = now() - interval '1 millisecond' where ${stranded}`,
        params,
      );
      takenOver += lapsed.rowCount ?? 0;
      await queueJobs(url, RENEWAL_RUN_JOB, 1);
      lastQueued = Date.now();
    } else if (
      Date.now() - lastQueued > RUN_AGAIN_AFTER_MS &&
      (await countOf(
        db,
        `select count(*)::int as n from license_renewals where claimed_until > now()`,
      )) === 0
    ) {
      // Nothing held and terms still due: a run queued now charges them.
      await queueJobs(url, RENEWAL_RUN_JOB, 1);
      lastQueued = Date.now();
    }
    await pause(250);
  }
  return takenOver;
}
