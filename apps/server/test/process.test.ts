import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, DEFAULT_OUT_DIR } from '../build';
import { testDbTarget } from './helper';
import { freePort, ServerProcess, type ServerProcessOptions } from './support/server-process';

/**
 * The real process as production runs it: the compiled server (`npm run build`, then plain
 * `node`, no TypeScript loader) on a temporary DATA_DIR, started from an unrelated working
 * directory, so migrations and every file it reads are found from the bundle itself. The
 * PGlite lock refuses a second server, a SIGKILLed server restarts on its own data, and a
 * SIGTERM shuts down cleanly (lock removed, data checkpointed). PGlite only: with PostgreSQL
 * there is no data dir to lock.
 */

/** A development server on the data dir, from the compiled bundle, run from elsewhere. */
function serverOptions(entry: string, dataDir: string, port: number): ServerProcessOptions {
  return {
    port,
    args: ['--enable-source-maps', entry],
    cwd: tmpdir(),
    env: {
      // Inherited settings that would take the server off its data dir: another database,
      // a mail server, a secret of its own.
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      SESSION_SECRET: undefined,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
  };
}

const postLog = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/v1/website/logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      level: 'info',
      message: 'avant le crash',
      timestamp: new Date().toISOString(),
    }),
  });

describe.skipIf(testDbTarget() !== 'pglite')(
  'server process on an embedded PGlite data dir',
  () => {
    let dataDir: string;
    let buildDir: string;
    let entry: string;
    const started: ServerProcess[] = [];
    const spawnServer = (port: number) => {
      const server = ServerProcess.spawn(serverOptions(entry, dataDir, port));
      started.push(server);
      return server;
    };

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-process-'));
      // Under dist/ beside the real build, never over it; the bundle finds its files from
      // wherever it is written, and its packages in the repository's node_modules.
      await mkdir(DEFAULT_OUT_DIR, { recursive: true });
      buildDir = await mkdtemp(path.join(DEFAULT_OUT_DIR, 'process-test-'));
      entry = await buildServer(buildDir);
    });
    afterAll(async () => {
      for (const server of started) await server.kill();
      await rm(dataDir, { recursive: true, force: true });
      await rm(buildDir, { recursive: true, force: true });
    });

    it('is one JavaScript file that inlines the TypeScript workspace package', async () => {
      const bundle = await readFile(entry, 'utf8');
      expect(bundle).not.toMatch(/from ["']@cadran\//);
      expect(bundle).toMatch(/from ["']fastify["']/);
    });

    it(
      'locks the data dir, survives SIGKILL and shuts down cleanly on SIGTERM',
      { timeout: 180_000 },
      async () => {
        const port = await freePort();
        const first = spawnServer(port);
        await first.waitForHealth(60_000);
        expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

        // Data written through the API before the crash: the rate-limit counter of these hits.
        for (let i = 0; i < 3; i += 1) expect((await postLog(port)).status).toBe(202);

        // A second server on the same DATA_DIR refuses to start, clearly.
        const second = spawnServer(await freePort());
        expect(await second.exited).not.toBe(0);
        expect(second.output()).toContain(
          `Another Cadran server is already using DATA_DIR ${dataDir} (pid ${first.pid})`,
        );
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

        // Crash: no shutdown code runs, the lock file stays behind with a dead pid.
        await first.kill();
        expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

        const restarted = spawnServer(port);
        await restarted.waitForHealth(60_000);
        expect(await restarted.stop()).toBe(0);
        expect(restarted.output()).not.toContain('"level":50');
        expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

        // The rows written before the SIGKILL are still there.
        const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
        try {
          const result = await pglite.query<{ key: string; count: number }>(
            "select key, count from rate_limits where key like 'client-logs:%'",
          );
          expect(result.rows).toHaveLength(1);
          expect(result.rows[0]?.count).toBe(3);
          const templates = await pglite.query<{ n: number }>(
            'select count(*)::int as n from license_templates',
          );
          expect(templates.rows[0]?.n).toBe(11);
        } finally {
          await pglite.close();
        }
      },
    );
  },
);
