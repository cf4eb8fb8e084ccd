import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { REALTIME_SOCKET_PATH, REALTIME_TOKEN_PATH } from '@cadran/domain/realtime';
import type { Database } from '../src/db/client';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-accounts';
import { login, nextIp, register } from './auth-helpers';

/** Shared pieces of the roadmap, realtime and admin suites: real sockets on a real port. */

export async function listen(app: FastifyInstance): Promise<{ http: string; ws: string }> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { http: address, ws: address.replace(/^http/, 'ws') };
}

export async function issueToken(
  app: FastifyInstance,
): Promise<{ token: string; clientId: string }> {
  const res = await app.inject({
    method: 'GET',
    url: REALTIME_TOKEN_PATH,
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  const body = res.json<{ token: string; client_id: string }>();
  return { token: body.token, clientId: body.client_id };
}

export interface Closed {
  code: number;
  reason: string;
}

/** A ws client that queues what it receives, so tests can await frames in order. */
export class TestSocket {
  readonly received: unknown[] = [];
  private waiters: Array<() => void> = [];
  readonly closed: Promise<Closed>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.received.push(JSON.parse(data.toString('utf8')) as unknown);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Resolves once open, or rejects with the HTTP status of a refused upgrade. */
  static open(
    url: string,
    options: { headers?: Record<string, string>; autoPong?: boolean } = {},
  ): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      // Only set when given: ws reads an explicit `undefined` as "no automatic pong".
      const socket = new WebSocket(url, {
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.autoPong === undefined ? {} : { autoPong: options.autoPong }),
      });
      const client = new TestSocket(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        reject(new RefusedUpgrade(response.statusCode ?? 0));
        socket.terminate();
      });
      socket.once('error', (error) => reject(error));
    });
  }

  send(value: unknown): void {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** The first received frame (from `from` on) matching `match`, waiting up to `timeoutMs`. */
  async next(match: (frame: Record<string, unknown>) => boolean, timeoutMs = 3000, from = 0) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received
        .slice(from)
        .find((frame) => match(frame as Record<string, unknown>));
      if (found) return found as Record<string, unknown>;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching frame in ${timeoutMs} ms: ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async subscribe(channel: string): Promise<void> {
    const from = this.received.length;
    this.send({ type: 'subscribe', channel });
    await this.next((f) => f.type === 'subscribed' && f.channel === channel, 3000, from);
  }

  /** Sends a ping and waits for its pong: whatever the server wrote here before has arrived. */
  async roundTrip(): Promise<void> {
    const from = this.received.length;
    this.send({ type: 'ping' });
    await this.next((frame) => frame.type === 'pong', 3000, from);
  }

  /**
   * True when no frame matching has arrived, checked after a round trip. Call it once another
   * socket of the same server process has received the event: the server writes an event to all
   * its subscribers at once, so a frame meant for this socket would have come before the pong.
   */
  async heldNone(match: (frame: Record<string, unknown>) => boolean): Promise<boolean> {
    await this.roundTrip();
    return !this.received.some((frame) => match(frame as Record<string, unknown>));
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Resolves once `count` of the server's current sockets have closed. The server's own close
 * handler (which frees the socket's place in the hub) was registered first, so it has run.
 */
export function serverSocketsClosing(app: FastifyInstance, count: number): Promise<void> {
  const open = [...app.websocketServer.clients];
  if (open.length < count) throw new Error(`only ${open.length} sockets open, ${count} to close`);
  return new Promise((resolve) => {
    let left = count;
    for (const socket of open) {
      socket.once('close', () => {
        left -= 1;
        if (left === 0) resolve();
      });
    }
  });
}

/** Resolves once every socket the server holds has closed. */
export async function serverSocketsClosed(app: FastifyInstance): Promise<void> {
  const open = [...app.websocketServer.clients].filter(
    (socket) => socket.readyState !== socket.CLOSED,
  );
  if (open.length > 0) await serverSocketsClosing(app, open.length);
}

/** Resolves at the next pong any server socket receives (after the server's own handler). */
export function serverPong(app: FastifyInstance): Promise<void> {
  return new Promise((resolve) => {
    for (const socket of app.websocketServer.clients) socket.once('pong', () => resolve());
  });
}

export class RefusedUpgrade extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with HTTP ${status}`);
  }
}

export const socketUrl = (base: string, token: string) =>
  `${base}${REALTIME_SOCKET_PATH}?token=${encodeURIComponent(token)}`;

/** Opens a socket with a fresh token, subscribed to `channel`. */
export async function subscribedSocket(
  app: FastifyInstance,
  wsBase: string,
  channel: string,
): Promise<TestSocket & { clientId: string }> {
  const { token, clientId } = await issueToken(app);
  const socket = await TestSocket.open(socketUrl(wsBase, token));
  await socket.subscribe(channel);
  return Object.assign(socket, { clientId });
}

export const isRoadmapUpdate = (frame: Record<string, unknown>) => frame.name === 'roadmap:update';

/** A signed-in client: its bearer token and account id. */
export async function signedInClient(app: FastifyInstance) {
  const { res, body } = await register(app);
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return { token: body.token, userId: body.user.id };
}

let adminCounter = 0;

/** A signed-in administrator, made as the CLI makes one. */
export async function signedInAdmin(app: FastifyInstance, db: Database) {
  adminCounter += 1;
  const email = `admin${adminCounter}.${Date.now()}@cadran.fr`;
  const password = 'Cadran-Admin-2024!';
  await createOrPromoteAdmin(db, { email, password });
  const res = await login(app, { email, password });
  if (res.statusCode !== 200) throw new Error(`admin login: ${res.statusCode} ${res.body}`);
  return { token: res.json<{ token: string }>().token, email };
}

export const bearerHeaders = (token: string) => ({ authorization: `Bearer ${token}` });
