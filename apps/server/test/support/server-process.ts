import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { Readable } from 'node:stream';
import { SERVER_ROOT } from '../../src/paths';
import { LICENSE_SIGNING_ENV, SELLER_ENV } from './seller-env';

/**
 * A real server process on a loopback port, for the suites that need more than an injected
 * request: the process tests, the security suite's real HTTP checks and the reliability runs.
 * It keeps what the server writes, line by line, so a caller can look for a log line or show
 * the last ones when something fails.
 */

/** A TCP port that was free a moment ago: bound to 0, read, released. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('no port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

/**
 * What production mode needs to run on plain http on loopback, with the payment sandbox and a
 * bank account, so a real buyer's journey can be driven end to end.
 */
export const LOOPBACK_PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  ...SELLER_ENV,
  ...LICENSE_SIGNING_ENV,
  // Plain http on loopback: a Secure cookie would never come back.
  COOKIE_SECURE: 'false',
  // Callers claim many client addresses through X-Forwarded-For; only loopback may do so.
  TRUST_PROXY: 'loopback',
  PAYMENT_SANDBOX: 'true',
  PAYMENT_SANDBOX_IN_PRODUCTION: 'i-accept-unpaid-orders',
  // Production offers bank transfer only with an account to pay into.
  BANK_HOLDER: 'Cadran SAS',
  BANK_IBAN: 'FR7630004000031234567890143',
  BANK_BIC: 'CDRNFRPPXXX',
};

export interface ServerProcessOptions {
  port: number;
  /**
   * Variables set on top of this process's own environment; an undefined value leaves the
   * inherited variable out. HOST and PORT are set from `port`.
   */
  env: Record<string, string | undefined>;
  /** Node's arguments: the TypeScript source through tsx unless given (a compiled bundle). */
  args?: readonly string[];
  /** Working directory: apps/server unless given. */
  cwd?: string;
  /** How many of the last output lines to keep: all of them unless given. */
  keepLines?: number;
}

export class ServerProcess {
  /** The lines the server wrote on stdout and stderr, oldest first. */
  readonly logLines: string[] = [];
  readonly url: string;
  /** Resolves with the exit code once the process has ended and its output is all read. */
  readonly exited: Promise<number | null>;

  private constructor(
    readonly port: number,
    private readonly child: ChildProcess,
    private readonly keepLines: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    if (child.stdout) this.collect(child.stdout);
    if (child.stderr) this.collect(child.stderr);
    // 'close' rather than 'exit': it comes after the last output, so `exited` sees every line.
    this.exited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
  }

  /** Starts the process without waiting for it (one expected to refuse to start, say). */
  static spawn(options: ServerProcessOptions): ServerProcess {
    const child = spawn(
      process.execPath,
      [...(options.args ?? ['--import', 'tsx', 'src/server.ts'])],
      {
        cwd: options.cwd ?? SERVER_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          ...options.env,
          HOST: '127.0.0.1',
          PORT: String(options.port),
        },
      },
    );
    return new ServerProcess(options.port, child, options.keepLines ?? Infinity);
  }

  /** Starts the process and waits until it answers its health check; kills it if it never does. */
  static async start(
    options: ServerProcessOptions,
    readyTimeoutMs = 60_000,
  ): Promise<ServerProcess> {
    const server = ServerProcess.spawn(options);
    try {
      await server.waitForHealth(readyTimeoutMs);
    } catch (error) {
      await server.kill();
      throw error;
    }
    return server;
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  async waitForHealth(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) {
        throw new Error(
          `server exited (${this.child.exitCode ?? this.child.signalCode}) while starting:\n${this.tail()}`,
        );
      }
      const healthy = await fetch(`${this.url}/api/health`, {
        signal: AbortSignal.timeout(2000),
      }).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`server not healthy within ${timeoutMs} ms:\n${this.tail()}`);
  }

  /** SIGKILL: no shutdown hook runs, the data is left as a power cut would leave it. */
  async kill(): Promise<number | null> {
    if (this.running) this.child.kill('SIGKILL');
    return this.exited;
  }

  /** SIGTERM and the graceful shutdown; resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (this.running) this.child.kill('SIGTERM');
    return this.exited;
  }

  /** Everything kept of the output, as one text. */
  output(): string {
    return this.logLines.join('\n');
  }

  tail(lines = 20): string {
    return this.logLines.slice(-lines).join('\n');
  }

  /** Log lines at error level or above (pino levels 50, 60). */
  errorLines(): string[] {
    return this.logLines.filter((line) => /"level":(50|60)/.test(line));
  }

  private collect(stream: Readable): void {
    // One partial line per stream, so stdout and stderr never splice into each other's lines.
    let pending = '';
    const keep = (lines: string[]) => {
      for (const line of lines) if (line.trim()) this.logLines.push(line);
      if (this.logLines.length > this.keepLines)
        this.logLines.splice(0, this.logLines.length - this.keepLines);
    };
    // Decoded by the stream, so a character split across two chunks arrives whole.
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      keep(lines);
    });
    // A last line without its newline (a crash message, say) still counts.
    stream.on('end', () => keep([pending]));
  }
}
