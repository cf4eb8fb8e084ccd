import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { runSeed } from '../../src/db/seed/seed';
import { createScratchDatabase } from './scratch-database';

/**
 * Databases migrated (and seeded) once per test run, which every test app then starts from
 * (test/helper.ts). A fresh PGlite runs initdb and the migrations, about 2 s of CPU each time;
 * one loaded from a dump of its data directory starts in about a third of that. On PostgreSQL a
 * test database is created as a copy of a template database (`CREATE DATABASE ... TEMPLATE`)
 * instead of being migrated. The migrations themselves stay checked from scratch by
 * test/migrate.test.ts, and the seed by test/seed.test.ts.
 */
export interface DatabaseTemplates {
  target: 'pglite' | 'postgres';
  /** Migrated, then seeded as every start does (the demo catalogue and roadmap). */
  seeded: string;
  /** Migrated only, for the apps built with `seed: false`. */
  migrated: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the project was run without its global setup: apps then migrate their own. */
    databaseTemplates?: DatabaseTemplates;
  }
}

async function migrateAndSeed(
  open: () => Promise<DatabaseHandle>,
  seed: boolean,
  keep: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const handle = await open();
  try {
    await migrateDatabase(handle);
    if (seed) await runSeed(handle.db, { demo: true });
    await keep(handle);
  } finally {
    await handle.close();
  }
}

/** Dumps of a migrated PGlite data directory, written to a temporary folder. */
async function pgliteTemplates(): Promise<{
  templates: DatabaseTemplates;
  drop: () => Promise<void>;
}> {
  const folder = await mkdtemp(path.join(tmpdir(), 'cadran-db-templates-'));
  const dumpTo = (file: string) => async (handle: DatabaseHandle) => {
    const dump = await (handle.client as PGlite).dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  };
  const templates: DatabaseTemplates = {
    target: 'pglite',
    seeded: path.join(folder, 'seeded.tar'),
    migrated: path.join(folder, 'migrated.tar'),
  };
  const open = () => openDatabase({ kind: 'pglite-memory' });
  await migrateAndSeed(open, true, dumpTo(templates.seeded));
  await migrateAndSeed(open, false, dumpTo(templates.migrated));
  return { templates, drop: () => rm(folder, { recursive: true, force: true }) };
}

/** Two scratch databases on the server of `adminUrl`, used only as templates to copy. */
async function postgresTemplates(
  adminUrl: string,
): Promise<{ templates: DatabaseTemplates; drop: () => Promise<void> }> {
  const seeded = await createScratchDatabase(adminUrl, 'cadran_template');
  const migrated = await createScratchDatabase(adminUrl, 'cadran_template');
  const drop = async () => {
    await seeded.drop();
    await migrated.drop();
  };
  try {
    // A template is copied only while nobody is connected to it: each handle is closed at once.
    const nothingToKeep = () => Promise.resolve();
    const open = (url: string) => () => openDatabase({ kind: 'postgres', url, maxConnections: 2 });
    await migrateAndSeed(open(seeded.url), true, nothingToKeep);
    await migrateAndSeed(open(migrated.url), false, nothingToKeep);
  } catch (error) {
    await drop();
    throw error;
  }
  const name = (url: string) => new URL(url).pathname.slice(1);
  return {
    templates: { target: 'postgres', seeded: name(seeded.url), migrated: name(migrated.url) },
    drop,
  };
}

/** The templates of a test target; `drop` removes them once the run is over. */
export function createDatabaseTemplates(
  target: 'pglite' | 'postgres',
  adminUrl: string | undefined,
): Promise<{ templates: DatabaseTemplates; drop: () => Promise<void> }> {
  if (target === 'pglite') return pgliteTemplates();
  if (!adminUrl) throw new Error('TEST_DB_TARGET=postgres needs TEST_DATABASE_URL');
  return postgresTemplates(adminUrl);
}

/** A PGlite template's dump, as `openDatabase` takes it. */
export async function readPgliteTemplate(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
}
