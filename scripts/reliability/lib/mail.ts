import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase, pgliteDir } from '../../../apps/server/src/db/client';
import { listMail, type MailRecord } from '../../../apps/server/src/mail/list';
import { startServer, type ServerProcess, type ServerSettings } from './server-process';
import type { DatabaseLocation } from './verify';

/**
 * The mail side of the reliability runs (docs/decisions/008-job-queue.md): every mail job the
 * database holds must end delivered, and the outbox (`DATA_DIR/outbox/<job id>.eml`) must hold
 * exactly one file per job and none without a job. Delivery is at least once: an attempt cut
 * short by a kill runs again, and finds its message already in the outbox; the server logs that
 * ("mail already delivered"), which these figures count.
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

/** The mail jobs of a stopped (PGlite) or running (PostgreSQL) server. */
export async function readMailJobs(location: DatabaseLocation): Promise<MailRecord[]> {
  const handle = await openDatabase(
    location.kind === 'pglite'
      ? { kind: 'pglite', dataDir: pgliteDir(location.dataDir) }
      : { kind: 'postgres', url: location.url, maxConnections: 1 },
  );
  try {
    return await listMail(handle.db);
  } finally {
    await handle.close();
  }
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

/**
 * After the runs: the jobs not delivered yet (queued just before a kill, or cut short by one)
 * are left to a server started again on the same data, until each is reported delivered;
 * then every job must be sent, once, in the outbox. `repeatsSoFar` counts the repeats the
 * earlier server processes logged.
 */
export async function settleMail(
  settings: ServerSettings,
  location: DatabaseLocation,
  repeatsSoFar: number,
): Promise<MailFigures> {
  let jobs = await readMailJobs(location);
  const pending = jobs.filter((job) => job.status !== 'sent').map((job) => job.id);
  let repeats = repeatsSoFar;
  const problems: string[] = [];
  if (pending.length > 0) {
    const server = await startServer({
      ...settings,
      env: { ...settings.env, LOG_LEVEL: 'info' },
    });
    try {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      while (Date.now() < deadline && !pending.every((id) => deliveredIn(server, id))) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      const code = await server.stop();
      if (code !== 0) problems.push(`the server delivering the last mails stopped with ${code}`);
      repeats += repeatsLogged(server);
    }
    jobs = await readMailJobs(location);
  }
  const checked = await checkMail(jobs, settings.dataDir);
  return {
    ...checked,
    deliveredAfterRestart: pending.length,
    repeatsAbsorbed: repeats,
    problems: [...problems, ...checked.problems],
  };
}
