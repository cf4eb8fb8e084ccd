import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { JOB_SCHEMA } from '../jobs/boss';
import { MAIL_JOB } from './job';
import type { CheckedMail } from './message';

/** Where a message stands: waiting (first attempt or a retry), delivered, or given up. */
export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailRecord {
  /** The job id: Message-ID seed and outbox file name. */
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  replyTo: string | null;
  status: MailStatus;
  /** Attempts started so far. */
  attempts: number;
  /** Why the last attempt failed, while pending for a retry or failed for good. */
  lastError: string | null;
  /** When the next attempt may start (pending only). */
  nextAttemptAt: Date | null;
  createdAt: Date;
  sentAt: Date | null;
}

export interface MailFilter {
  id?: string;
  kind?: string;
  to?: string;
  subject?: string;
  status?: MailStatus;
}

interface JobRow extends Record<string, unknown> {
  id: string;
  data: CheckedMail;
  state: string;
  retry_count: number;
  started: boolean;
  output: { message?: string; value?: { message?: string } } | null;
  start_after_ms: number;
  created_ms: number;
  completed_ms: number | null;
}

const STATUS_OF: Record<string, MailStatus> = {
  created: 'pending',
  retry: 'pending',
  active: 'pending',
  completed: 'sent',
  cancelled: 'failed',
  failed: 'failed',
};

const jobsIn = (table: 'job' | 'archive', conditions: SQL[]) => sql`
  select id, data, state::text as state, retry_count, started_on is not null as started, output,
         (extract(epoch from start_after) * 1000)::float8 as start_after_ms,
         (extract(epoch from created_on) * 1000)::float8 as created_ms,
         (extract(epoch from completed_on) * 1000)::float8 as completed_ms
  from ${sql.identifier(JOB_SCHEMA)}.${sql.identifier(table)}
  where ${sql.join(conditions, sql` and `)}`;

/**
 * The mail jobs, oldest first, read from pg-boss's tables (jobs still in the queue, and those
 * already archived): what was sent, what waits for a retry and why, and what failed for good
 * with its last error.
 */
export async function listMail(db: Database, filter: MailFilter = {}): Promise<MailRecord[]> {
  const conditions: SQL[] = [sql`name = ${MAIL_JOB.name}`];
  if (filter.id) conditions.push(sql`id = ${filter.id}::uuid`);
  if (filter.kind) conditions.push(sql`data->>'kind' = ${filter.kind}`);
  if (filter.to) conditions.push(sql`data->>'to' = ${filter.to}`);
  if (filter.subject) conditions.push(sql`data->>'subject' = ${filter.subject}`);
  const rows = await queryRows<JobRow>(
    db,
    sql`${jobsIn('job', conditions)} union all ${jobsIn('archive', conditions)}
        order by created_ms, id`,
  );
  const records = rows.map((row): MailRecord => {
    const status = STATUS_OF[row.state] ?? 'pending';
    return {
      id: row.id,
      kind: row.data.kind,
      toAddress: row.data.to,
      subject: row.data.subject,
      textBody: row.data.text,
      htmlBody: row.data.html ?? null,
      replyTo: row.data.replyTo ?? null,
      status,
      attempts: row.started ? Number(row.retry_count) + 1 : 0,
      lastError:
        status === 'sent' ? null : (row.output?.message ?? row.output?.value?.message ?? null),
      nextAttemptAt: status === 'pending' ? new Date(Number(row.start_after_ms)) : null,
      createdAt: new Date(Number(row.created_ms)),
      sentAt: status === 'sent' && row.completed_ms ? new Date(Number(row.completed_ms)) : null,
    };
  });
  return filter.status ? records.filter((record) => record.status === filter.status) : records;
}
