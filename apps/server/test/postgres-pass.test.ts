import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTestFiles, HTTP_ONLY_FILES, postgresPassFiles } from './postgres-pass';

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
});
