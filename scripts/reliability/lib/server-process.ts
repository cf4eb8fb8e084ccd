import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { SERVER_DIR } from './paths';

/**
 * The real server as `npm start` runs it (production mode, real HTTP on loopback), started,
 * killed and started again on the same data: the object of every reliability scenario.
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
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

export interface ServerSettings {
  port: number;
  dataDir: string;
  sessionSecret: string;
  /** PostgreSQL instead of the embedded PGlite in dataDir. */
  databaseUrl?: string;
  webDist?: string;
  env?: Record<string, string>;
}

const LOG_KEEP = 400;

export class ServerProcess {
  /** The last lines the server wrote (warn and above), for failure reports. */
  readonly logLines: string[] = [];
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    let pending = '';
    const collect = (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) this.logLines.push(line);
      if (this.logLines.length > LOG_KEEP) this.logLines.splice(0, this.logLines.length - LOG_KEEP);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  static async start(settings: ServerSettings, readyTimeoutMs = 120_000): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(settings.port),
        DATA_DIR: settings.dataDir,
        SESSION_SECRET: settings.sessionSecret,
        // Plain http on loopback; the load generator claims its addresses through XFF.
        COOKIE_SECURE: 'false',
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'warn',
        PAYMENT_SANDBOX: 'true',
        PAYMENT_SANDBOX_IN_PRODUCTION: 'i-accept-unpaid-orders',
        // Production offers bank transfer only with an account to pay into.
        BANK_HOLDER: 'Cadran SAS',
        BANK_IBAN: 'FR7630004000031234567890143',
        BANK_BIC: 'CDRNFRPPXXX',
        ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
        ...(settings.webDist ? { WEB_DIST_DIR: settings.webDist } : {}),
        ...settings.env,
      },
    });
    const server = new ServerProcess(`http://127.0.0.1:${settings.port}`, child);
    const started = Date.now();
    while (Date.now() - started < readyTimeoutMs) {
      if (!server.running) {
        throw new Error(
          `server exited (${child.exitCode ?? child.signalCode}) while starting:\n${server.tail()}`,
        );
      }
      const healthy = await fetch(`${server.url}/api/health`, {
        signal: AbortSignal.timeout(2000),
      }).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return server;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await server.kill();
    throw new Error(`server not healthy within ${readyTimeoutMs} ms:\n${server.tail()}`);
  }

  /** SIGKILL: no shutdown hook runs, the data is left as a power cut would leave it. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and the graceful shutdown; resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (this.running) this.child.kill('SIGTERM');
    return this.exited;
  }

  tail(lines = 15): string {
    return this.logLines.slice(-lines).join('\n');
  }

  /** Log lines at error level or above (pino levels 50, 60). */
  errorLines(): string[] {
    return this.logLines.filter((line) => /"level":(50|60)/.test(line));
  }
}
