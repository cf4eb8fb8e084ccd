import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from './postgres';
import { freePort, startServer, type ServerProcess, type ServerSettings } from './server-process';

/**
 * Two production servers on one scratch PostgreSQL database, as behind a load balancer: the
 * setting of every scenario that checks work shared through the database (the mail queue,
 * reminders, the invoice counter, renewals). They share one data directory, so one outbox, as
 * servers share an SMTP relay.
 */
export interface ServerPair {
  scratch: ScratchDatabase;
  dataDir: string;
  /** The two servers; `restart` replaces one in place. */
  servers: [ServerProcess, ServerProcess];
  /** SIGKILLs server `index` (if still running) and starts it again on its port and data. */
  restart(index: 0 | 1): Promise<ServerProcess>;
  /** Stops both gracefully; one problem per server that did not exit cleanly. */
  stop(): Promise<string[]>;
  /** One problem quoting the first error lines the servers logged, if they logged any. */
  loggedErrors(): string[];
}

export interface ServerPairOptions {
  adminDatabaseUrl: string;
  /** Names the scratch database and the data directory. */
  label: string;
  /** How long each start may take before it counts as a failure. */
  readyTimeoutMs?: number;
}

/**
 * Runs `scenario` with a fresh pair of servers, then kills them, drops the database and removes
 * the data directory, whatever happened. Both start at once: the database's migrations and the
 * job queue's schema are installed once between them, as on a real deployment.
 */
export async function withServerPair<T>(
  options: ServerPairOptions,
  scenario: (pair: ServerPair) => Promise<T>,
): Promise<T> {
  const scratch = await createScratchDatabase(options.adminDatabaseUrl, options.label);
  const dataDir = await mkdtemp(path.join(tmpdir(), `cadran-${options.label}-`));
  const settings: Omit<ServerSettings, 'port'> = {
    dataDir,
    sessionSecret: randomBytes(32).toString('hex'),
    databaseUrl: scratch.url,
    // 'mail sent' and job lines are at info level: they tell which server did what.
    env: { LOG_LEVEL: 'info' },
  };
  const started: ServerProcess[] = [];
  try {
    const ports = [await freePort(), await freePort()] as const;
    const launches = ports.map((port) =>
      startServer({ ...settings, port }, options.readyTimeoutMs).then((server) => {
        started.push(server);
        return server;
      }),
    );
    const servers = (await Promise.all(launches)) as [ServerProcess, ServerProcess];
    const pair: ServerPair = {
      scratch,
      dataDir,
      servers,
      async restart(index) {
        await servers[index].kill();
        const server = await startServer(
          { ...settings, port: ports[index] },
          options.readyTimeoutMs,
        );
        started.push(server);
        servers[index] = server;
        return server;
      },
      async stop() {
        const problems: string[] = [];
        for (const server of servers) {
          const code = await server.stop();
          if (code !== 0) problems.push(`graceful stop exited with ${code}: ${server.tail(5)}`);
        }
        return problems;
      },
      loggedErrors() {
        const errors = servers.flatMap((server) => server.errorLines());
        return errors.length > 0 ? [`errors logged: ${errors.slice(0, 3).join(' | ')}`] : [];
      },
    };
    return await scenario(pair);
  } finally {
    for (const server of started) await server.kill();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
