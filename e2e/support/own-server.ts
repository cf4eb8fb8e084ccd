import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { adminCliEntry, serverDir, serverEntry } from './server-entries';

// A server of a journey's own, on a fresh embedded database: for journeys that stop it, or that
// need staff accounts made from the shell first (the embedded database has one owner at a time,
// so `npm run admin -- create-admin` runs before the server starts).

/**
 * The limit of a journey's set-up that makes staff accounts and starts its own server: two
 * processes that each open a fresh embedded database. About 10 s on a quiet 2-core host; over
 * 120 s was seen on a slow host beside other work. A limit that catches a hung start.
 */
export const OWN_SERVER_SETUP_MS = 240_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface StaffAccount {
  email: string;
  password: string;
  role?: 'admin' | 'support';
}

export class OwnServer {
  private child: ChildProcess | undefined;
  readonly dataDir: string;
  port = 0;
  /** The first staff account: an administrator unless told otherwise. */
  readonly admin: StaffAccount;

  constructor(
    name: string,
    readonly staff: readonly StaffAccount[],
  ) {
    this.dataDir = mkdtempSync(path.join(tmpdir(), `cadran-e2e-${name}-`));
    const [first] = staff;
    if (!first) throw new Error('an own server needs one staff account at least');
    this.admin = first;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  private env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: this.dataDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: '',
    };
  }

  /** The staff accounts are made as an operator would: `npm run admin -- create-admin`. */
  async prepare(): Promise<void> {
    this.port = await freePort();
    for (const account of this.staff) {
      const cli = spawnSync(
        process.execPath,
        [
          ...adminCliEntry(),
          'create-admin',
          '--email',
          account.email,
          '--password',
          account.password,
          '--role',
          account.role ?? 'admin',
        ],
        { cwd: serverDir, env: this.env(), encoding: 'utf8' },
      );
      expect(cli.status, cli.stderr).toBe(0);
    }
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, serverEntry(), {
      cwd: serverDir,
      env: this.env(),
      stdio: 'ignore',
    });
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the e2e server of its own did not start');
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async adminToken(request: APIRequestContext): Promise<string> {
    const res = await request.post(`${this.url}/api/v1/website/auth/login`, { data: this.admin });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  remove(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * A server of the journeys' own for the `describe` block it is called in: made (staff accounts
 * first) and started before its journeys, stopped and its data removed after them.
 */
export function ownServerForJourneys(name: string, staff: readonly StaffAccount[]): OwnServer {
  const server = new OwnServer(name, staff);
  test.beforeAll(async () => {
    test.setTimeout(OWN_SERVER_SETUP_MS);
    await server.prepare();
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
    server.remove();
  });
  return server;
}
