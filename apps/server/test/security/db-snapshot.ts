import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client';

/**
 * What "the database is unchanged" means for the hostile-input suites (docs/quality.md 'Security'):
 * the row count of every table of the public schema, read from the catalogue so a table added
 * later is covered without touching this file, plus a digest of the content of every table
 * whose rows only change on purpose. Tables that legitimately move under any request are
 * named here, with the reason, and only counted (or skipped):
 * - rate_limits counts attempts, rejected ones included: that is its job;
 * - sessions record their last activity on every authenticated read;
 * - mail_queue rows were updated by the former mail worker at its own pace;
 * - background jobs (pg-boss's job table, outside the public schema) move from created to
 *   completed as the job runner works them: a hostile request must not add one. Jobs pg-boss's
 *   scheduler sends on its own clock (the hourly licence reminder sweep, and its internal
 *   `__pgboss__` queue) are left out: they appear whatever the requests.
 */
/** pg-boss's job table (docs/decisions/008-job-queue.md), counted with the public tables. */
const JOBS = 'pgboss.job';
const REQUEST_JOBS = `(select * from pgboss.job where name not like '\\_\\_pgboss\\_\\_%' and name not in (select name from pgboss.schedule)) as request_jobs`;
const NOT_COMPARED = new Set(['rate_limits']);
const COUNTED_ONLY = new Set(['sessions', 'mail_queue', JOBS]);

export interface DbSnapshot {
  counts: Record<string, number>;
  digests: Record<string, string>;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

let cachedTables: string[] | undefined;

async function publicTables(db: Database): Promise<string[]> {
  if (cachedTables) return cachedTables;
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  cachedTables = rows.map((row) => row.name).filter((name) => !NOT_COMPARED.has(name));
  if (cachedTables.length === 0) throw new Error('no table found in the public schema');
  cachedTables.push(JOBS);
  return cachedTables;
}

/** One round trip: a count per table and an md5 of the sorted rows of the compared ones. */
export async function snapshotDatabase(db: Database): Promise<DbSnapshot> {
  const names = await publicTables(db);
  const parts = names.map((name) => {
    const table = name === JOBS ? REQUEST_JOBS : quoteIdent(name);
    const digest = COUNTED_ONLY.has(name)
      ? `''`
      : `coalesce((select md5(string_agg(t::text, '|' order by t::text)) from ${table} t), '')`;
    return `select '${name}' as name, (select count(*) from ${table})::int as rows, ${digest} as digest`;
  });
  const rows = await queryRows<{ name: string; rows: number; digest: string }>(
    db,
    sql.raw(parts.join(' union all ')),
  );
  const snapshot: DbSnapshot = { counts: {}, digests: {} };
  for (const row of rows) {
    snapshot.counts[row.name] = Number(row.rows);
    if (!COUNTED_ONLY.has(row.name)) snapshot.digests[row.name] = row.digest;
  }
  return snapshot;
}

/**
 * The snapshot once the app's background jobs have run what is due: an order paid by transfer
 * has its instructions mail queued by a job just after the answer, which must not land between
 * an attack's two snapshots.
 */
export async function settledSnapshot(t: {
  app: { jobs: { drain: () => Promise<unknown> } };
  db: Database;
}): Promise<DbSnapshot> {
  await t.app.jobs.drain();
  return snapshotDatabase(t.db);
}

/** Names of the tables whose count or content differs, empty when nothing changed. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before.counts), ...Object.keys(after.counts)]);
  return [...names].filter(
    (name) =>
      before.counts[name] !== after.counts[name] || before.digests[name] !== after.digests[name],
  );
}

export const totalRows = (snapshot: DbSnapshot): number =>
  Object.values(snapshot.counts).reduce((sum, count) => sum + count, 0);

/** The schema of the change counter, apart from the app's tables and pg-boss's. */
const WATCH = 'db_watch';

/**
 * The snapshot of a database compared after every request (the fuzzer), without drawing a full
 * snapshot each time. Row triggers, in a schema of their own, count every insert, update or
 * delete of a compared table and every insert or delete of a counted one (TRUNCATE too), in the
 * writer's transaction: a rolled-back change counts nothing. While the count stands still the
 * last snapshot still describes the database and is answered again; when it moves, a full
 * snapshot is drawn, so the comparison stays exactly the one `snapshotDatabase` makes. An update
 * that writes the same values moves the count only: slower, never wrong.
 */
export class WatchedDatabase {
  private last: { count: string; snapshot: DbSnapshot } | undefined;

  private constructor(private readonly db: Database) {}

  static async install(db: Database): Promise<WatchedDatabase> {
    const names = await publicTables(db);
    const statements = [
      `create schema if not exists ${WATCH}`,
      `create table if not exists ${WATCH}.changes (n bigint not null)`,
      `insert into ${WATCH}.changes select 0 where not exists (select 1 from ${WATCH}.changes)`,
      `create or replace function ${WATCH}.count_change() returns trigger language plpgsql as
         $$ begin update ${WATCH}.changes set n = n + 1; return null; end $$`,
    ];
    for (const name of names) {
      const table = name === JOBS ? JOBS : quoteIdent(name);
      const events = COUNTED_ONLY.has(name) ? 'insert or delete' : 'insert or update or delete';
      statements.push(
        `create trigger ${WATCH}_rows after ${events} on ${table}
           for each row execute function ${WATCH}.count_change()`,
        `create trigger ${WATCH}_truncate after truncate on ${table}
           for each statement execute function ${WATCH}.count_change()`,
      );
    }
    for (const statement of statements) await db.execute(sql.raw(statement));
    return new WatchedDatabase(db);
  }

  /** The database as `snapshotDatabase` draws it, drawn again only when something changed. */
  async snapshot(): Promise<DbSnapshot> {
    const [row] = await queryRows<{ n: string }>(
      this.db,
      sql.raw(`select n::text as n from ${WATCH}.changes`),
    );
    const count = row?.n ?? '';
    if (this.last?.count === count) return this.last.snapshot;
    const snapshot = await snapshotDatabase(this.db);
    this.last = { count, snapshot };
    return snapshot;
  }
}
