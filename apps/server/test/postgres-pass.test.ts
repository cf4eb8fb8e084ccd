import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  databaseTestFiles,
  EMBEDDED_DATABASE_FILES,
  HTTP_ONLY_FILES,
  postgresOnlyFiles,
  postgresPassFiles,
} from './postgres-pass';

const root = path.resolve(import.meta.dirname, '..');

describe('the PostgreSQL pass', () => {
  const files = postgresPassFiles();

  it('runs the files that write and read the database', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'test/orders-create.test.ts',
        'test/auth-rate-limit.test.ts',
        'test/realtime-processes.test.ts',
        'src/jobs/job-db.test.ts',
      ]),
    );
  });

  it('leaves out files that open no database, and the HTTP-only ones', () => {
    for (const once of [
      'test/config.test.ts',
      'src/modules/licenses/plan.test.ts',
      'src/crypto/signature.test.ts',
      'test/csrf.test.ts',
      'test/spa.test.ts',
    ]) {
      expect(files).not.toContain(once);
    }
    // The security suite has its own command and database choice.
    expect(files.some((file) => file.startsWith('test/security/'))).toBe(false);
  });

  it('names in its HTTP-only list files that exist and do build the app', () => {
    const reaching = new Set(databaseTestFiles(root).map((file) => file.split(path.sep).join('/')));
    for (const file of HTTP_ONLY_FILES) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(reaching.has(file), file).toBe(true);
    }
  });

  it('runs on PGlite too, when the pass runs, every file that checks the databases differ', () => {
    const postgresOnly = new Set(postgresOnlyFiles());
    for (const file of EMBEDDED_DATABASE_FILES) {
      expect(files, file).toContain(file);
      expect(postgresOnly.has(file), file).toBe(false);
    }
    // A file that names the target checks a difference, unless every block of it runs on
    // PostgreSQL alone.
    for (const file of files) {
      const source = readFileSync(path.join(root, file), 'utf8');
      if (!source.includes('testDbTarget()')) continue;
      const blocks = source.match(/^describe/gm)?.length ?? 0;
      const onPostgresAlone =
        source.match(/^describe\.skipIf\([^)]*testDbTarget\(\) !== 'postgres'\)/gm)?.length ?? 0;
      if (blocks !== onPostgresAlone) expect(EMBEDDED_DATABASE_FILES, file).toContain(file);
    }
    // What the PGlite project leaves out is the rest of the pass, and no file outside it.
    expect([...postgresOnly, ...EMBEDDED_DATABASE_FILES].sort()).toEqual([...files].sort());
  });
});
