import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { rawClientOf, type Database } from '../../db/client';

/**
 * Fan-out across server processes (docs/architecture.md 'apps/server',
 * docs/decisions/004-shared-state-in-the-database.md): every process publishes through PostgreSQL
 * NOTIFY on one channel and LISTENs on it, then hands what it hears to its own sockets. With PGlite
 * there is only one process, and its in-process listen() plays the same part, so both drivers run
 * the same path.
 */

export const NOTIFY_CHANNEL = 'cadran_realtime';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7900;

export const BusMessageSchema = z.object({
  v: z.literal(1),
  /** The process that published: it already delivered locally and skips its own echo. */
  origin: z.string(),
  channel: z.string(),
  name: z.string(),
  data: z.unknown(),
  /** The realtime client whose request caused the event: it is not echoed to it. */
  publisher: z.string().nullable(),
});
export type BusMessage = z.infer<typeof BusMessageSchema>;

export interface RealtimeBus {
  publish(message: BusMessage): Promise<void>;
  close(): Promise<void>;
}

export class NotifyPayloadTooLargeError extends Error {
  constructor(bytes: number) {
    super(`realtime event of ${bytes} bytes exceeds the ${MAX_NOTIFY_BYTES}-byte NOTIFY limit`);
    this.name = 'NotifyPayloadTooLargeError';
  }
}

function parse(payload: string, log: FastifyBaseLogger): BusMessage | null {
  try {
    const parsed = BusMessageSchema.safeParse(JSON.parse(payload));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: logged below
  }
  log.warn({ bytes: payload.length }, 'ignored a malformed realtime notification');
  return null;
}

const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 15_000;

/**
 * Holds one dedicated pg connection for LISTEN (a pooled one would be handed to other
 * queries) and opens a new one, with growing delays, whenever it drops.
 */
class PostgresListener {
  private client: pg.Client | undefined;
  private closed = false;
  private retryDelay = LISTEN_RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onPayload: (payload: string) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The first connection must work: a server that cannot listen should not start. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL && message.payload) this.onPayload(message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'realtime listen connection failed');
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryDelay = LISTEN_RETRY_MIN_MS;
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (!this.closed) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.closed) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(LISTEN_RETRY_MAX_MS, this.retryDelay * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().then(
        () => this.log.info('realtime listen connection restored'),
        (error: unknown) => {
          this.log.warn({ err: error, retryInMs: this.retryDelay }, 'realtime listen retry failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/**
 * Starts listening and returns the bus. `deliver` receives every message published by any
 * process, this one included; the caller decides what to skip.
 */
export async function openRealtimeBus(
  db: Database,
  deliver: (message: BusMessage) => void,
  log: FastifyBaseLogger,
): Promise<RealtimeBus> {
  const onPayload = (payload: string) => {
    const message = parse(payload, log);
    if (message) deliver(message);
  };

  const raw = rawClientOf(db);
  let stop: () => Promise<void>;
  if (raw.driver === 'pglite') {
    const unlisten = await raw.client.listen(NOTIFY_CHANNEL, onPayload);
    stop = async () => {
      if (!raw.client.closed) await unlisten();
    };
  } else {
    const listener = new PostgresListener(raw.client.options, onPayload, log);
    await listener.start();
    stop = () => listener.close();
  }

  return {
    async publish(message) {
      const payload = JSON.stringify(message);
      const bytes = Buffer.byteLength(payload);
      if (bytes > MAX_NOTIFY_BYTES) throw new NotifyPayloadTooLargeError(bytes);
      await db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
    },
    close: stop,
  };
}
