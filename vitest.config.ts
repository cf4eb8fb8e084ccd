import { configDefaults, defineConfig } from 'vitest/config';
import { postgresOnlyFiles, postgresPassFiles } from './apps/server/test/postgres-pass';

// One `vitest run` covers every workspace. The server suite runs on an in-memory PGlite. When
// TEST_DATABASE_URL is set (CI), its files whose verdict may depend on the database run against
// a real PostgreSQL server instead, production's database, and on PGlite as well only when they
// check what the embedded database does differently (apps/server/test/postgres-pass.ts).
const postgresPass = Boolean(process.env.TEST_DATABASE_URL);
const serverProject = (name: string, target: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: target === 'pglite' ? ['src/**/*.test.ts', 'test/**/*.test.ts'] : postgresPassFiles(),
    exclude:
      target === 'pglite' && postgresPass
        ? [...configDefaults.exclude, ...postgresOnlyFiles()]
        : configDefaults.exclude,
    environment: 'node',
    env: { TEST_DB_TARGET: target },
    // Migrates and seeds one database that every test app of the run starts from.
    globalSetup: ['test/support/database-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files share their worker's loaded modules instead of importing the server's whole
    // module graph again each (about 4 s of CPU a file). They may: no server test mocks a
    // module or stubs a global, and every app, database and clock is built per test file.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Two files at a time: vitest's default on two cores is one (cores less one), which left
    // a core idle while a file waited on PostgreSQL or a child process.
    maxWorkers: 2,
    // CI also writes a JSON report that scripts/test-summary.mjs turns into one closing line.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Pure rules: nothing a file could leave behind for the next one.
          isolate: false,
        },
      },
      {
        // The repository's own gates: the lint configuration shown on deliberate violations.
        test: {
          name: 'tooling',
          root: '.',
          include: ['eslint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      serverProject('server', 'pglite'),
      ...(postgresPass ? [serverProject('server-postgres', 'postgres')] : []),
      './apps/web/vite.config.ts',
    ],
  },
});
