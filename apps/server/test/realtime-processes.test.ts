import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REALTIME_CLIENT_HEADER } from '@cadran/domain/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-accounts';
import { testDbTarget } from './helper';
import { TestSocket, isRoadmapUpdate, socketUrl } from './realtime-helpers';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { freePort, ServerProcess } from './support/server-process';

/**
 * Fan-out across processes: two real server processes on one
 * PostgreSQL database; a change made through one reaches a socket connected to the other.
 * It needs a PostgreSQL server, named by TEST_DATABASE_URL (CI sets it); without one the
 * suite is skipped, and says so in its title.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const SITE = 'http://cadran.test';

/** One of the site's processes behind a load balancer: they share its address and secret. */
function spawnServer(databaseUrl: string, dataDir: string, port: number, secret: string) {
  return ServerProcess.spawn({
    port,
    env: {
      SMTP_URL: undefined,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: SITE,
      SESSION_SECRET: secret,
      SEED_DEMO: 'true',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
  });
}

const api = (server: ServerProcess, url: string, init: RequestInit = {}) =>
  fetch(`${server.url}${url}`, init);

// Runs once, in the server-postgres project (the one TEST_DATABASE_URL turns on).
describe.skipIf(!adminUrl || testDbTarget() !== 'postgres')(
  'realtime across two server processes on one PostgreSQL (needs TEST_DATABASE_URL; skipped without it)',
  () => {
    let scratch: ScratchDatabase | undefined;
    let databaseUrl: string;
    let dataDir: string;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl!, 'cadran_rt');
      databaseUrl = scratch.url;
      dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-rt-'));

      const database = await openDatabase({
        kind: 'postgres',
        url: databaseUrl,
        maxConnections: 2,
      });
      await migrateDatabase(database);
      await createOrPromoteAdmin(database.db, {
        email: 'ops@cadran.fr',
        password: 'Deux-Processus-2024',
      });
      await database.close();

      const secret = randomBytes(32).toString('hex');
      const [portA, portB] = [await freePort(), await freePort()];
      servers.push(spawnServer(databaseUrl, dataDir, portA, secret));
      servers.push(spawnServer(databaseUrl, dataDir, portB, secret));
      await Promise.all(servers.map((server) => server.waitForHealth(60_000)));
    }, 120_000);

    afterAll(async () => {
      for (const server of servers) await server.stop();
      await scratch?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('a change made through one process reaches a socket of the other, never its author', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];

      const tokenOnB = (await (await api(b, '/api/v1/website/realtime/token')).json()) as {
        token: string;
        client_id: string;
      };
      const onB = await TestSocket.open(socketUrl(`ws://127.0.0.1:${b.port}`, tokenOnB.token));
      await onB.subscribe('cadran.test:public');

      const login = await api(a, '/api/v1/website/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@cadran.fr', password: 'Deux-Processus-2024' }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const items = (await (await api(a, '/api/v1/admin/roadmap', { headers })).json()) as {
        data: Array<{ id: number; status: string; is_public: boolean }>;
      };
      const item = items.data.find((i) => i.is_public && i.status === 'planned')!;

      const started = Date.now();
      const patched = await api(a, `/api/v1/admin/roadmap/${item.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ status: 'done' }),
      });
      expect(patched.status).toBe(200);
      expect(await onB.next(isRoadmapUpdate, 2000)).toEqual({
        channel: 'cadran.test:public',
        name: 'roadmap:update',
        data: { change: 'updated', id: item.id },
      });
      expect(Date.now() - started).toBeLessThan(2000);
      // B serves the new state from the shared database.
      const list = (await (await api(b, '/api/v1/website/roadmap')).json()) as {
        data: Array<{ id: number; status: string }>;
      };
      expect(list.data.find((i) => i.id === item.id)?.status).toBe('done');

      // The author is skipped across processes too: a change made on A in the name of B's
      // client reaches every other socket but that one.
      const from = onB.received.length;
      const tokenOnA = (await (await api(a, '/api/v1/website/realtime/token')).json()) as {
        token: string;
      };
      const onA = await TestSocket.open(socketUrl(`ws://127.0.0.1:${a.port}`, tokenOnA.token));
      await onA.subscribe('cadran.test:public');
      // Another socket on B witnesses the event reaching B, where the author's socket is.
      const witnessToken = (await (await api(b, '/api/v1/website/realtime/token')).json()) as {
        token: string;
      };
      const witness = await TestSocket.open(
        socketUrl(`ws://127.0.0.1:${b.port}`, witnessToken.token),
      );
      await witness.subscribe('cadran.test:public');
      const again = await api(a, `/api/v1/admin/roadmap/${item.id}`, {
        method: 'PATCH',
        headers: { ...headers, [REALTIME_CLIENT_HEADER]: tokenOnB.client_id },
        body: JSON.stringify({ status: 'in_progress' }),
      });
      expect(again.status).toBe(200);
      await onA.next(isRoadmapUpdate);
      await witness.next(isRoadmapUpdate);
      expect(await onB.heldNone((f) => isRoadmapUpdate(f) && onB.received.indexOf(f) >= from)).toBe(
        true,
      );

      witness.close();
      onA.close();
      onB.close();
      for (const server of servers) expect(server.output()).not.toContain('"level":50');
    }, 60_000);
  },
);
