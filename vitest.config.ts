import { defineConfig } from 'vitest/config';
import { postgresPassFiles } from './apps/server/test/postgres-pass';

// One `vitest run` covers every workspace. The server suite runs on an in-memory PGlite, and
// when TEST_DATABASE_URL is set (CI) its files whose verdict may depend on the database run a
// second time against a real PostgreSQL server (apps/server/test/postgres-pass.ts).
const serverProject = (name: string, target: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: target === 'pglite' ? ['src/**/*.test.ts', 'test/**/*.test.ts'] : postgresPassFiles(),
    environment: 'node',
    env: { TEST_DB_TARGET: target },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      './apps/web/vite.config.ts',
    ],
  },
});
