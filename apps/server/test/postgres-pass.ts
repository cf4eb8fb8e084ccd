import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which server test files the PostgreSQL pass runs (vitest.config.ts): those whose verdict may
 * depend on the database. A file that never reaches a database, or that builds the app only to
 * check what HTTP answers, gives the same verdict on PGlite, so its PGlite run is enough.
 *
 * When the pass runs (CI), a file of the pass runs on PostgreSQL alone unless it checks what
 * differs between the two databases (EMBEDDED_DATABASE_FILES): PGlite is the same PostgreSQL
 * compiled to WebAssembly, so the same SQL gives the same rows; what differs is the driver, the
 * one connection that takes writers in turn, and what only an embedded data folder has. Those
 * files run on both. The embedded database of the demo is also what the browser journeys and
 * the security suite run on (docs/decisions/038-test-databases-from-templates.md).
 */

/**
 * Files that build the app, and so open a database, but check only what HTTP answers: page
 * serving, the CSRF guard, headers, error bodies, logs. A file here must assert no database
 * effect; one that does belongs to the PostgreSQL pass.
 */
export const HTTP_ONLY_FILES = [
  'test/admin-app.test.ts',
  'test/csrf.test.ts',
  'test/errors.test.ts',
  'test/logger.test.ts',
  'test/production-exposure.test.ts',
  'test/request-log.test.ts',
  'test/security-headers.test.ts',
  'test/spa.test.ts',
  'test/spa-compression.test.ts',
  'test/spa-drawn-pages.test.ts',
  'test/spa-languages.test.ts',
  'test/spa-preloads.test.ts',
];

/**
 * Files of the pass that also run on PGlite when the pass runs: each checks something the two
 * databases do differently. A file that names the database target belongs here
 * (test/postgres-pass.test.ts checks it).
 */
export const EMBEDDED_DATABASE_FILES = [
  // The database layer: migrations from scratch, the seed, the job queue, the health probe.
  'test/migrate.test.ts',
  'test/seed.test.ts',
  'src/jobs/job-db.test.ts',
  'src/jobs/runner.test.ts',
  'test/mail-workers.test.ts',
  'test/mail-retry.test.ts',
  'test/health.test.ts',
  // The realtime bus: within the process on PGlite, LISTEN/NOTIFY between processes otherwise.
  'test/realtime.test.ts',
  // Simultaneous writers, which the embedded database's one connection takes in turn.
  'test/invoices-numbering.test.ts',
  'test/orders-idempotency.test.ts',
  'test/promo-codes.test.ts',
  'test/licenses-one-open-renewal.test.ts',
  'test/renewals-run.test.ts',
  // The operator commands and the server process on an embedded data folder.
  'test/admin-cli.test.ts',
  'test/admin-promo-codes.test.ts',
  'test/payments-cli.test.ts',
  'test/process.test.ts',
];

/** What opens a database: the test app factory, the scratch databases, the driver itself. */
const DATABASE_OPENERS = new Set([
  'test/helper.ts',
  'test/support/scratch-database.ts',
  'src/db/client.ts',
]);

/** Relative imports that load code (`import type` loads nothing at run time). */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)(?!\s+type\s)[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  const base = path.join(path.dirname(path.join(root, from)), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') || candidate.endsWith('.tsx')) {
      if (existsSync(candidate)) return path.relative(root, candidate);
    }
  }
  return undefined;
}

function testFiles(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...testFiles(root, file));
    else if (entry.name.endsWith('.test.ts')) found.push(file);
  }
  return found;
}

/** The server's `*.test.ts` files (relative to `root`, apps/server) that reach a database. */
export function databaseTestFiles(root: string): string[] {
  const reaches = new Map<string, boolean>();
  const visit = (file: string): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    reaches.set(file, false); // a cycle back here adds nothing
    let result = DATABASE_OPENERS.has(file);
    if (!result) {
      const source = readFileSync(path.join(root, file), 'utf8');
      for (const match of source.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? match[3];
        const target = specifier && resolveImport(root, file, specifier);
        if (target && visit(target)) {
          result = true;
          break;
        }
      }
    }
    reaches.set(file, result);
    return result;
  };
  return [...testFiles(root, 'src'), ...testFiles(root, 'test')]
    .filter((file) => !file.startsWith(`test${path.sep}security${path.sep}`))
    .filter((file) => visit(file))
    .sort();
}

/**
 * The files of the PostgreSQL pass, relative to apps/server with forward slashes (as vitest's
 * `include` reads them): those reaching a database, less the HTTP-only ones.
 */
export function postgresPassFiles(): string[] {
  const httpOnly = new Set(HTTP_ONLY_FILES);
  return databaseTestFiles(path.resolve(import.meta.dirname, '..'))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => !httpOnly.has(file));
}

/**
 * The files of the pass left out of the PGlite project when the pass runs: every file of the
 * pass but those that check what the embedded database does differently.
 */
export function postgresOnlyFiles(): string[] {
  const both = new Set(EMBEDDED_DATABASE_FILES);
  return postgresPassFiles().filter((file) => !both.has(file));
}
