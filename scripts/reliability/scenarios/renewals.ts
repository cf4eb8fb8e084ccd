import pg from 'pg';
import PgBoss from 'pg-boss';
import { Stats } from '../lib/http';
import { withServerPair } from '../lib/server-pair';
import { buyPaidCardOrders } from '../lib/store';

/**
 * Automatic renewals across two servers and a crash (docs/decisions/037-automatic-renewal.md):
 * licences bought with automatic renewal on the sandbox's always-accepted card are brought to
 * twelve hours before their term, several renewal runs are queued at once as pg-boss's scheduler
 * would, one server is killed with SIGKILL while they charge, then started again; once the
 * claims of the killed run lapse, one more run is queued. Every due licence must be charged
 * exactly once (one renewal order, one succeeded payment, one invoice, one more term) and the
 * invoice numbers must follow each other with no gap.
 */

export interface RenewalsResult {
  licences: number;
  charged: number;
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
  return withServerPair(pairOptions, async (pair) => {
    const { scratch, servers } = pair;
    const stats = new Stats();
    const problems: string[] = [];
    const db = new pg.Client({ connectionString: scratch.url });
    const boss = new PgBoss({
      connectionString: scratch.url,
      schema: 'pgboss',
      migrate: false,
      supervise: false,
      schedule: false,
    });
    boss.on('error', () => undefined);
    try {
      const [a, b] = servers;
      await db.connect();
      // Plans sold by the month: each licence renews itself.
      const templates = (
        await db.query<{ id: number }>(
          `select id from license_templates where is_active and billing_cycle = 'monthly' order by id`,
        )
      ).rows.map((row) => row.id);
      if (templates.length === 0) throw new Error('no monthly plan to renew');

      // Buyers tick automatic renewal and pay on the sandbox page, half through each server.
      problems.push(
        ...(await buyPaidCardOrders({
          stats,
          servers: [a.url, b.url],
          templates,
          buyers: o.buyers,
          autoRenew: true,
        })),
      );

      const moved = await db.query(
        // Twelve hours before the term: inside the day before it, when the charge is due.
        `update licenses set starts_at = now() - interval '1 month', expires_at = now() + interval '12 hours'
       where auto_renew and expires_at is not null returning id`,
      );
      const licences = moved.rowCount ?? 0;
      const invoicesBefore = await countOf(db, 'select count(*)::int as n from invoices');

      await boss.start();
      for (let i = 0; i < RUNS; i += 1) await boss.send(RENEWAL_RUN_JOB, {});
      const charged = () =>
        countOf(
          db,
          `select count(*)::int as n from license_renewals where charge_status = 'charged'`,
        );
      // The kill lands once the runs have charged a first term (the servers poll every 5 s).
      const started = Date.now() + 30_000;
      while ((await charged()) === 0 && Date.now() < started) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const chargedAtKill = await charged();
      await pair.restart(0);

      // The killed run's claims lapse after a minute; a run queued once none is held resumes them.
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      let lastQueued = 0;
      while ((await charged()) < licences && Date.now() < deadline) {
        const held = await countOf(
          db,
          `select count(*)::int as n from license_renewals where claimed_until > now()`,
        );
        if (held === 0 && Date.now() - lastQueued > 15_000) {
          await boss.send(RENEWAL_RUN_JOB, {});
          lastQueued = Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      problems.push(...(await pair.stop()));

      const terms = await db.query<TermRow>(
        `select r.license_id, r.charge_status,
              (select count(*)::int from payments p where p.order_id = r.order_id and p.status = 'succeeded') as succeeded,
              (select count(*)::int from invoices i where i.order_id = r.order_id) as invoices
         from license_renewals r where r.term_expires_at is not null`,
      );
      const perLicence = new Map<string, number>();
      for (const term of terms.rows) {
        perLicence.set(term.license_id, (perLicence.get(term.license_id) ?? 0) + 1);
        if (term.charge_status !== 'charged') problems.push(`a term left ${term.charge_status}`);
        if (term.succeeded !== 1) problems.push(`a term with ${term.succeeded} succeeded payments`);
        if (term.invoices !== 1) problems.push(`a term with ${term.invoices} invoices`);
      }
      if (perLicence.size !== licences) {
        problems.push(`${licences} licences due, ${perLicence.size} with a renewal term`);
      }
      const doubled = [...perLicence.values()].filter((n) => n > 1).length;
      if (doubled > 0) problems.push(`${doubled} licences with more than one term charged`);
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

      problems.push(...pair.loggedErrors());
      problems.push(...stats.failures);
      return { licences, charged: await charged(), invoices, stats, problems };
    } finally {
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
      await db.end().catch(() => undefined);
    }
  });
}

async function countOf(db: pg.Client, query: string): Promise<number> {
  return Number((await db.query<{ n: number }>(query)).rows[0]?.n ?? 0);
}
