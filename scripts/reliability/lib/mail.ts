import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDir, queryRows } from '../../../apps/server/src/db/client';
import { JOB_SCHEMA } from '../../../apps/server/src/jobs/boss';
import { listMail, type MailRecord } from '../../../apps/server/src/mail/list';
import { TRANSFER_INSTRUCTIONS_JOB } from '../../../apps/server/src/modules/payments/transfer-instructions';
import { startServer, type ServerProcess, type ServerSettings } from './server-process';
import type { DatabaseLocation } from './verify';

/**
 * The mail side of the reliability runs (docs/decisions/008-job-queue.md): every mail job the
 * database holds must end delivered, and the outbox (`DATA_DIR/outbox/<job id>.eml`) must hold
 * exactly one file per job and none without a job. Delivery is at least once: an attempt cut
 * short by a kill runs again, and finds its message already in the outbox; the server logs that
 * ("mail already delivered"), which these figures count. A bank transfer's instructions are
 * drawn by a job of their own, which queues the mail under the payment's id: every such job
 * must end completed, and every transfer still awaiting its money must have that one mail.
 */

export interface MailFigures {
  /** Mail jobs in the database. */
  jobs: number;
  /** Jobs whose delivery needed more than one attempt (cut short by a kill, or retried). */
  retried: number;
  /** Jobs not yet delivered when the load stopped, delivered by the server started again. */
  deliveredAfterRestart: number;
  /** Attempts that found their message already in the outbox: a repeat, written once. */
  repeatsAbsorbed: number;
  problems: string[];
}

export const outboxOf = (dataDir: string) => path.join(dataDir, 'outbox');

interface InstructionJob extends Record<string, unknown> {
  id: string;
  payment_id: string;
  state: string;
}

/** What the mail side reads of a stopped (PGlite) or running (PostgreSQL) server. */
interface MailState {
  mail: MailRecord[];
  /** The transfer-instructions jobs, with the payment each is about. */
  instructions: InstructionJob[];
  /** Bank-transfer attempts still awaiting the money: each must have its instructions. */
  awaitedTransfers: string[];
}

async function readMailState(location: DatabaseLocation): Promise<MailState> {
  const handle = await openDatabase(
    location.kind === 'pglite'
      ? { kind: 'pglite', dataDir: pgliteDir(location.dataDir) }
      : { kind: 'postgres', url: location.url, maxConnections: 1 },
  );
  try {
    const instructions = await queryRows<InstructionJob>(
      handle.db,
      sql`select id, data->>'paymentId' as payment_id, state::text as state
          from ${sql.identifier(JOB_SCHEMA)}.job where name = ${TRANSFER_INSTRUCTIONS_JOB.name}`,
    );
    const awaited = await queryRows<{ id: string }>(
      handle.db,
      sql`select id from payments where provider = 'bank_transfer' and status = 'pending'`,
    );
    return {
      mail: await listMail(handle.db),
      instructions,
      awaitedTransfers: awaited.map((row) => row.id),
    };
  } finally {
    await handle.close();
  }
}

/** The mail jobs of a stopped (PGlite) or running (PostgreSQL) server. */
export const readMailJobs = async (location: DatabaseLocation): Promise<MailRecord[]> =>
  (await readMailState(location)).mail;

/** Each transfer-instructions job completed; each awaited transfer with its one mail. */
function checkInstructions(state: MailState): string[] {
  const problems: string[] = [];
  for (const job of state.instructions)
    if (job.state !== 'completed')
      problems.push(`transfer instructions job ${job.id} is ${job.state}`);
  const jobsOf = new Map<string, number>();
  for (const job of state.instructions)
    jobsOf.set(job.payment_id, (jobsOf.get(job.payment_id) ?? 0) + 1);
  const mailIds = new Set(
    state.mail.filter((mail) => mail.kind === 'transfer_instructions').map((mail) => mail.id),
  );
  for (const paymentId of state.awaitedTransfers) {
    if (jobsOf.get(paymentId) !== 1)
      problems.push(`transfer ${paymentId} has ${jobsOf.get(paymentId) ?? 0} instructions jobs`);
    if (!mailIds.has(paymentId)) problems.push(`transfer ${paymentId} has no instructions mail`);
  }
  return problems;
}

/** Outbox file names, by the job id they carry. */
export async function outboxFiles(dataDir: string): Promise<string[]> {
  const names = await readdir(outboxOf(dataDir)).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.eml'));
}

/** Waits until each id has its file in the outbox; resolves with those still missing. */
export async function waitForOutbox(
  dataDir: string,
  ids: readonly string[],
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const present = new Set(await outboxFiles(dataDir));
    const missing = ids.filter((id) => !present.has(`${id}.eml`));
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** How many times a server logged that an attempt found its message already delivered. */
export const repeatsLogged = (server: ServerProcess): number =>
  server.logLines.filter((line) => line.includes('mail already delivered')).length;

/** Every job delivered, one outbox file per job, no file without its job. */
export async function checkMail(
  jobs: readonly MailRecord[],
  dataDir: string,
): Promise<Omit<MailFigures, 'deliveredAfterRestart' | 'repeatsAbsorbed'>> {
  const problems: string[] = [];
  const files = await outboxFiles(dataDir);
  const ids = new Set(jobs.map((job) => job.id));
  for (const job of jobs) {
    if (job.status !== 'sent')
      problems.push(
        `mail ${job.id} (${job.kind}) is ${job.status} after ${job.attempts} attempt(s): ${job.lastError ?? 'no error'}`,
      );
    const copies = files.filter((name) => name === `${job.id}.eml`).length;
    if (copies !== 1) problems.push(`mail ${job.id} has ${copies} outbox files`);
  }
  for (const name of files) {
    if (!ids.has(name.slice(0, -'.eml'.length))) problems.push(`outbox file ${name} has no job`);
  }
  return {
    jobs: jobs.length,
    retried: jobs.filter((job) => job.attempts > 1).length,
    problems,
  };
}

/** Longest wait for the last mails: an attempt cut short on PostgreSQL is retried only once
 * its expiry (90 s) and the next maintenance (30 s) have passed, then after its back-off. */
const SETTLE_TIMEOUT_MS = 240_000;

const deliveredIn = (server: ServerProcess, id: string) =>
  server.logLines.some(
    (line) =>
      line.includes(id) &&
      (line.includes('"mail sent"') || line.includes('mail already delivered')),
  );

/** A job still to run: a mail not yet delivered, or instructions not yet drawn. */
const pendingWork = (state: MailState): string[] => [
  ...state.mail.filter((job) => job.status !== 'sent').map((job) => job.id),
  ...state.instructions.filter((job) => job.state !== 'completed').map((job) => job.id),
];

const doneIn = (server: ServerProcess, id: string) =>
  deliveredIn(server, id) ||
  server.logLines.some(
    (line) => line.includes(id) && line.includes('transfer instructions job done'),
  );

/**
 * No server runs on the database between two rounds, so an attempt still marked active was
 * cut short by a kill. On PostgreSQL pg-boss retries such an attempt once its expiry (the job's
 * time-out and a margin, 90 s for mail) has passed since it started; rather than idle for that
 * clock, its start is moved back by its expiry, as the minutes would move it. pg-boss's own
 * maintenance in the next server still finds it expired and retries it after its back-off:
 * the path checked is the one a crashed deployment takes, less the waiting.
 */
async function expireAbandonedAttempts(url: string): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
  try {
    await handle.db.execute(
      sql`update ${sql.identifier(JOB_SCHEMA)}.job set started_on = started_on - expire_in
          where state = 'active' and started_on + expire_in > now()`,
    );
  } finally {
    await handle.close();
  }
}

/** Rounds of restarts: instructions drawn in one round queue a mail the next one delivers. */
const SETTLE_ROUNDS = 3;

/**
 * After the runs: the jobs not done yet (queued just before a kill, or cut short by one) are
 * left to a server started again on the same data, until each is reported done; then every
 * job must be sent, once, in the outbox, and every awaited transfer must have its
 * instructions. `repeatsSoFar` counts the repeats the earlier server processes logged.
 */
export async function settleMail(
  settings: ServerSettings,
  location: DatabaseLocation,
  repeatsSoFar: number,
): Promise<MailFigures> {
  let state = await readMailState(location);
  let repeats = repeatsSoFar;
  let deliveredAfterRestart = 0;
  const problems: string[] = [];
  for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
    const pending = pendingWork(state);
    if (pending.length === 0) break;
    if (location.kind === 'postgres') await expireAbandonedAttempts(location.url);
    deliveredAfterRestart += state.mail.filter((job) => pending.includes(job.id)).length;
    const server = await startServer({
      ...settings,
      env: { ...settings.env, LOG_LEVEL: 'info' },
    });
    try {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      while (Date.now() < deadline && !pending.every((id) => doneIn(server, id))) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      const code = await server.stop();
      if (code !== 0) problems.push(`the server delivering the last mails stopped with ${code}`);
      repeats += repeatsLogged(server);
    }
    state = await readMailState(location);
  }
  const checked = await checkMail(state.mail, settings.dataDir);
  return {
    ...checked,
    deliveredAfterRestart,
    repeatsAbsorbed: repeats,
    problems: [...problems, ...checked.problems, ...checkInstructions(state)],
  };
}
