import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between the server and PostgreSQL that the test can cut, so "the database goes
 * away" is played without stopping a PostgreSQL that other work on the machine shares.
 * - refuse:    every open connection is reset and new ones are refused (a crashed database);
 * - blackhole: connections stay open but nothing gets through (a network partition), which
 *              only time-outs can detect.
 */
export type CutMode = 'refuse' | 'blackhole';

export class TcpProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<[Socket, Socket]>();
  private mode: CutMode | 'open' = 'open';

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    this.mode = 'open';
    if (this.server) return;
    const server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  private relay(client: Socket): void {
    if (this.mode === 'blackhole') {
      // Accept and keep silent: the connecting side waits for a greeting that never comes.
      client.on('error', () => undefined);
      this.pairs.add([client, client]);
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const close = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
    client.on('data', (chunk: Buffer) => {
      if (this.mode === 'open') upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (this.mode === 'open') client.write(chunk);
    });
  }

  async cut(mode: CutMode): Promise<void> {
    this.mode = mode;
    if (mode === 'refuse') {
      for (const [a, b] of this.pairs) {
        a.resetAndDestroy();
        b.destroy();
      }
      this.pairs.clear();
      const server = this.server;
      this.server = undefined;
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    }
  }

  /** Back to normal; connections left hanging by a blackhole are closed so their owners notice. */
  async restore(): Promise<void> {
    for (const [a, b] of this.pairs) {
      if (this.mode === 'blackhole') {
        a.destroy();
        b.destroy();
      }
    }
    if (this.mode === 'blackhole') this.pairs.clear();
    await this.open();
  }

  async close(): Promise<void> {
    await this.cut('refuse');
  }
}
