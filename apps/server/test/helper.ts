import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { runSeed } from '../src/db/seed/seed';
import { createLogger } from '../src/logger';
import { outboxDir as outboxDirOf } from '../src/plugins/mail';
import { readPgliteTemplate, type DatabaseTemplates } from './support/database-templates';
import { createScratchDatabase } from './support/scratch-database';

/**
 * Test app factory (after fastify/demo's test/helper.ts): a fresh database per call, migrated
 * and seeded, and a fresh DATA_DIR in the temp folder. The database is an in-memory PGlite,
 * or with TEST_DB_TARGET=postgres a new database created from TEST_DATABASE_URL and dropped
 * by `close()`, so the same suite proves both drivers. Each starts as a copy of a database the
 * run migrated and seeded once (test/support/database-templates.ts).
 */

export interface TestAppOptions {
  /** Extra environment variables, parsed by the real loadConfig. */
  env?: Record<string, string>;
  logger?: FastifyBaseLogger;
  /** Adds test-only routes before the app is sealed by ready(). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  seed?: boolean;
  /** The embedded database in the data directory, as `npm start` runs it, not in memory. */
  pgliteOnDisk?: boolean;
  /** The clock of licence statuses and reminders; tests move it. */
  now?: () => Date;
  /** Writes the demo's releases and their files at start, as `npm start` does. */
  demoReleases?: boolean;
  /** The clock of sessions and rate-limit windows (test/support/test-clock.ts); tests move it. */
  clock?: () => Date;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: AppConfig;
  outboxDir: string;
  close: () => Promise<void>;
}

export const testDbTarget = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB_TARGET === 'postgres' ? 'postgres' : 'pglite';

/** The migrated databases of this run, when its global setup made them (never in a bench). */
function databaseTemplates(): DatabaseTemplates | undefined {
  if (!process.env.VITEST) return undefined;
  const templates = inject('databaseTemplates');
  return templates?.target === testDbTarget() ? templates : undefined;
}

/**
 * The test app's database and whether it is already migrated (and seeded when `seed`): copied
 * from this run's template when there is one, else created empty.
 */
async function openTestDatabase(
  dataDir: string,
  options: { onDisk?: boolean; seed: boolean },
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; migrated: boolean }> {
  const none = () => Promise.resolve();
  if (options.onDisk) {
    return { handle: await openDatabase({ kind: 'pglite', dataDir }), drop: none, migrated: false };
  }
  const templates = databaseTemplates();
  const template = templates && (options.seed ? templates.seeded : templates.migrated);
  if (testDbTarget() === 'pglite') {
    const from = template ? await readPgliteTemplate(template) : undefined;
    const handle = await openDatabase({ kind: 'pglite-memory', ...(from ? { from } : {}) });
    return { handle, drop: none, migrated: from !== undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_TARGET=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchDatabase(adminUrl, 'cadran_test', template);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 4 });
  return { handle, drop: scratch.drop, migrated: template !== undefined };
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-test-'));
  const parsed = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...options.env,
  });
  const config: AppConfig = {
    ...parsed,
    sessionSecret: parsed.sessionSecret ?? randomBytes(32).toString('hex'),
  };

  const seed = options.seed !== false;
  const { handle, drop, migrated } = await openTestDatabase(dataDir, {
    onDisk: options.pgliteOnDisk,
    seed,
  });
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await handle.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (!migrated) {
      await migrateDatabase(handle);
      if (seed) await runSeed(handle.db, { demo: true });
    }
    app = await buildApp({
      config,
      db: handle.db,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.demoReleases ? { demoReleases: true } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await close();
    throw error;
  }
  return { app, db: handle.db, database: handle, config, outboxDir: outboxDirOf(dataDir), close };
}

/**
 * A fixture of the enclosing describe block: opened before its first test, closed after its
 * last. The object answered is filled in by that first hook, so read its fields in tests and
 * later hooks only, never while the block is being declared.
 */
export function suiteFixture<T extends { close: () => Promise<void> }>(open: () => Promise<T>): T {
  const fixture = {} as T;
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
    Object.assign(fixture, opened);
  });
  afterAll(async () => opened?.close());
  return fixture;
}

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** A real pino logger whose JSON lines land in `lines`, to assert what the server logged. */
export function captureLogs(level: 'info' | 'debug' = 'info'): {
  logger: FastifyBaseLogger;
  lines: LogLine[];
} {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      }
      callback();
    },
  });
  return { logger: createLogger({ logLevel: level }, sink), lines };
}

export const PINO_LEVEL = { info: 30, warn: 40, error: 50 } as const;
