import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace. The server suite runs on an in-memory PGlite,
// and a second time against a real PostgreSQL server when TEST_DATABASE_URL is set (CI).
const serverProject = (name: string, target: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
