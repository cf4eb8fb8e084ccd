import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security` (docs/quality.md 'Security'): the attack suites, a part of `npm test` of
 * their own after the unit and browser suites (scripts/test-all.mjs). Their files end in .spec.ts,
 * which the server project does not collect, so `npm run test:unit` stays the quick loop. Files
 * run two at a time, the most a 2-core CI machine serves well.
 */
export default defineConfig({
  test: {
    name: 'security',
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['test/security/**/*.spec.ts'],
    // The files share their worker's loaded modules instead of importing the server's whole
    // module graph again each (about 15 s of a file's time on a slow host). They may: no file
    // mocks a module or stubs a global, and each builds its own app, database and browser.
    isolate: false,
    environment: 'node',
    env: { TEST_DB_TARGET: process.env.TEST_DB_TARGET ?? 'pglite' },
    globalSetup: ['test/security/global-setup.ts', 'test/support/database-global-setup.ts'],
    maxWorkers: 2,
    // Under CI the closing summary line counts these tests too.
    reporters: process.env.CI
      ? [
          'default',
          [
            'json',
            {
              outputFile: path.resolve(
                import.meta.dirname,
                '../../../../test-results/security.json',
              ),
            },
          ],
        ]
      : ['default'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
