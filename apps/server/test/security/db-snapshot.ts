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
