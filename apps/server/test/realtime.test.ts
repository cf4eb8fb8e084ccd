import {
  CLOSE_CODES,
  REALTIME_CLIENT_HEADER,
  REALTIME_LIMITS,
  publicChannel,
} from '@cadran/domain/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roadmapItems } from '../src/db/schema/roadmap';
import { NOTIFY_CHANNEL } from '../src/modules/realtime/bus';
import { RealtimeTokens } from '../src/modules/realtime/token';
import { bearer } from './auth-helpers';
import { buildTestApp, testDbTarget, type TestApp } from './helper';
import {
  RefusedUpgrade,
  TestSocket,
  isRoadmapUpdate,
  issueToken,
  listen,
  serverPong,
  serverSocketsClosed,
  serverSocketsClosing,
  signedInClient,
  socketUrl,
  subscribedSocket,
} from './realtime-helpers';

describe('realtime socket', () => {
  let t: TestApp;
  let ws: string;
  let channel: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
    ws = (await listen(t.app)).ws;
    channel = t.app.realtime.publicChannel;
  });
  afterAll(async () => t.close());

  const refusal = async (url: string, headers: Record<string, string> = {}) => {
    const error = await TestSocket.open(url, { headers }).then(
      () => new Error('opened'),
      (e: unknown) => e,
    );
    return error instanceof RefusedUpgrade ? error.status : String(error);
  };

  it('refuses a missing, forged or expired token before the upgrade (401)', async () => {
    expect(await refusal(`${ws}/api/v1/website/realtime`)).toBe(401);
    const { token } = await issueToken(t.app);
    expect(await refusal(socketUrl(ws, `${token.slice(0, -2)}AA`))).toBe(401);
    const expired = new RealtimeTokens(t.config.sessionSecret, -1).issue().token;
    expect(await refusal(socketUrl(ws, expired))).toBe(401);
    const plain = await t.app.inject({ url: `/api/v1/website/realtime?token=${token}` });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toMatchObject({ success: false });
  });

  it('refuses pages of other sites (403)', async () => {
    const { token } = await issueToken(t.app);
    expect(await refusal(socketUrl(ws, token), { origin: 'https://evil.example' })).toBe(403);
    const own = await TestSocket.open(socketUrl(ws, token), {
      headers: { origin: t.config.publicUrl },
    });
    own.close();
  });

  it('delivers {channel, name, data} to subscribers and never echoes to the publisher', async () => {
    const author = await subscribedSocket(t.app, ws, channel);
    const reader = await subscribedSocket(t.app, ws, channel);
    await t.app.realtime.publish({
      name: 'roadmap:update',
      data: { id: 7 },
      publisher: author.clientId,
    });
    expect(await reader.next(isRoadmapUpdate)).toEqual({
      channel,
      name: 'roadmap:update',
      data: { id: 7 },
    });
    expect(await author.heldNone(isRoadmapUpdate)).toBe(true);
    author.close();
    reader.close();
  });

  it('announces votes and admin changes, and skips the client that voted', async () => {
    const voter = await signedInClient(t.app);
    const [item] = await t.db
      .select({ id: roadmapItems.id })
      .from(roadmapItems)
      .where(and(eq(roadmapItems.isPublic, true), eq(roadmapItems.status, 'planned')));
    const own = await subscribedSocket(t.app, ws, channel);
    const other = await subscribedSocket(t.app, ws, channel);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/website/roadmap/${item!.id}/vote`,
      headers: { ...bearer(voter.token), [REALTIME_CLIENT_HEADER]: own.clientId },
    });
    expect(res.statusCode).toBe(200);
    expect(await other.next(isRoadmapUpdate)).toMatchObject({
      data: { change: 'voted', id: item!.id },
    });
    expect(await own.heldNone(isRoadmapUpdate)).toBe(true);
    own.close();
    other.close();
  });

  it('uses the name the client subscribed with, aliases included, and ignores other channels', async () => {
    const socket = await subscribedSocket(t.app, ws, 'elsewhere.example:public');
    await socket.subscribe(channel);
    await t.app.realtime.publish({ name: 'roadmap:update', data: {} });
    const frame = await socket.next(isRoadmapUpdate);
    expect(frame.channel).toBe(channel);
    expect(
      await socket.heldNone((f) => isRoadmapUpdate(f) && f.channel === 'elsewhere.example:public'),
    ).toBe(true);

    // The channel named after the host the client reached is the site's channel too.
    const viaHost = publicChannel(new URL(ws).host);
    expect(viaHost).not.toBe(channel);
    const aliased = await subscribedSocket(t.app, ws, viaHost);
    await t.app.realtime.publish({ name: 'roadmap:update', data: { alias: true } });
    expect(await aliased.next(isRoadmapUpdate)).toEqual({
      channel: viaHost,
      name: 'roadmap:update',
      data: { alias: true },
    });

    socket.send({ type: 'subscribe', channel: 'secret-admin' });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ code: 'unknown_channel' });
    socket.send({ type: 'unsubscribe', channel });
    await socket.next((f) => f.type === 'unsubscribed');
    const before = socket.received.length;
    const witnessFrom = aliased.received.length;
    await t.app.realtime.publish({ name: 'roadmap:update', data: {} });
    // The socket still subscribed hears it; the one that left does not.
    await aliased.next(isRoadmapUpdate, 3000, witnessFrom);
    expect(
      await socket.heldNone((f) => isRoadmapUpdate(f) && socket.received.indexOf(f) >= before),
    ).toBe(true);
    aliased.close();
    socket.close();
  });

  it('closes with 1009 on an oversized frame, and the server keeps serving', async () => {
    const { token } = await issueToken(t.app);
    const socket = await TestSocket.open(socketUrl(ws, token));
    socket.send({ type: 'subscribe', channel: 'x'.repeat(REALTIME_LIMITS.maxFrameBytes) });
    expect((await socket.closed).code).toBe(CLOSE_CODES.messageTooBig);
    const next = await subscribedSocket(t.app, ws, channel);
    next.close();
  });

  it('closes with a clear code and reason on malformed or unknown frames', async () => {
    const cases: Array<[frame: string | Buffer, code: number, reason: RegExp]> = [
      ['{not json', CLOSE_CODES.policyViolation, /Malformed JSON/],
      [
        '{"type":"publish","channel":"x:public","data":1}',
        CLOSE_CODES.policyViolation,
        /invalid message/,
      ],
      ['"subscribe"', CLOSE_CODES.policyViolation, /invalid message/],
      [Buffer.from([1, 2, 3]), CLOSE_CODES.unsupportedData, /Binary/],
    ];
    for (const [frame, code, reason] of cases) {
      const { token } = await issueToken(t.app);
      const socket = await TestSocket.open(socketUrl(ws, token));
      socket.socket.send(frame);
      const closed = await socket.closed;
      expect(closed.code, String(frame)).toBe(code);
      expect(closed.reason).toMatch(reason);
    }
    await serverSocketsClosed(t.app);
    expect(t.app.realtime.hub.size).toBe(0);
  });

  it('limits subscriptions per connection', async () => {
    const socket = await subscribedSocket(t.app, ws, channel);
    for (let i = 1; i < REALTIME_LIMITS.maxSubscriptionsPerConnection; i += 1) {
      await socket.subscribe(`host${i}.example:public`);
    }
    socket.send({ type: 'subscribe', channel: 'one-too-many.example:public' });
    expect(await socket.closed).toEqual({
      code: CLOSE_CODES.policyViolation,
      reason: 'Too many subscriptions',
    });
  });

  it('limits messages per connection', async () => {
    const socket = await subscribedSocket(t.app, ws, channel);
    for (let i = 0; i < REALTIME_LIMITS.maxMessagesPerWindow + 1; i += 1)
      socket.send({ type: 'ping' });
    expect(await socket.closed).toEqual({
      code: CLOSE_CODES.policyViolation,
      reason: 'Too many messages',
    });
  });

  it('limits connections per address (429 before the upgrade)', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const open: TestSocket[] = [];
    for (let i = 0; i < REALTIME_LIMITS.maxConnectionsPerIp; i += 1) {
      const { token } = await issueToken(t.app);
      open.push(await TestSocket.open(socketUrl(ws, token), { headers }));
    }
    const { token } = await issueToken(t.app);
    expect(await refusal(socketUrl(ws, token), headers)).toBe(429);
    // Another address is not affected, and a closed socket frees its place.
    const elsewhere = await TestSocket.open(socketUrl(ws, token), {
      headers: { 'x-forwarded-for': '203.0.113.78' },
    });
    const closing = serverSocketsClosing(t.app, 2);
    elsewhere.close();
    open.pop()!.close();
    await closing;
    const again = await TestSocket.open(socketUrl(ws, (await issueToken(t.app)).token), {
      headers,
    });
    again.close();
    for (const socket of open) socket.close();
  });

  it('terminates peers that stop answering heartbeats', async () => {
    await serverSocketsClosed(t.app);
    expect(t.app.realtime.hub.size).toBe(0);
    const { token } = await issueToken(t.app);
    const alive = await subscribedSocket(t.app, ws, channel);
    const dead = await TestSocket.open(socketUrl(ws, token), { autoPong: false });
    expect(t.app.realtime.hub.size).toBe(2);
    const ponged = serverPong(t.app);
    t.app.realtime.sweep(); // pings everyone
    await ponged; // the live one answered
    expect(t.app.realtime.sweep()).toBe(1); // only the silent one is cut off
    expect((await dead.closed).code).toBe(1006);
    await t.app.realtime.publish({ name: 'roadmap:update', data: {} });
    await alive.next(isRoadmapUpdate);
    alive.close();
  });
});

describe('realtime shutdown', () => {
  it('tells clients the server is going away (1001)', async () => {
    const t = await buildTestApp();
    const { ws } = await listen(t.app);
    const socket = await subscribedSocket(t.app, ws, t.app.realtime.publicChannel);
    const closing = t.close();
    expect(await socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    await closing;
  });
});

describe.skipIf(testDbTarget() !== 'postgres')('realtime LISTEN connection (PostgreSQL)', () => {
  it('delivers other processes’ events, and listens again after its connection drops', async () => {
    const t = await buildTestApp();
    try {
      const { ws } = await listen(t.app);
      const socket = await subscribedSocket(t.app, ws, t.app.realtime.publicChannel);
      if (t.database.driver !== 'postgres') throw new Error('expected PostgreSQL');
      const pool = t.database.client;
      const notifyAsOtherProcess = (marker: number) =>
        pool.query('select pg_notify($1, $2)', [
          NOTIFY_CHANNEL,
          JSON.stringify({
            v: 1,
            origin: 'another-process',
            channel: t.app.realtime.publicChannel,
            name: 'roadmap:update',
            data: { marker },
            publisher: null,
          }),
        ]);

      await notifyAsOtherProcess(1);
      await socket.next((f) => isRoadmapUpdate(f) && (f.data as { marker?: number }).marker === 1);

      const killed = await pool.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`,
      );
      expect(killed.rows.map((row) => row.ok)).toEqual([true]);
      // The listener reconnects after a short delay; keep notifying until it hears again.
      const deadline = Date.now() + 10_000;
      for (let marker = 2; ; marker += 1) {
        await notifyAsOtherProcess(marker);
        const heard = await socket
          .next((f) => isRoadmapUpdate(f) && (f.data as { marker?: number }).marker === marker, 400)
          .then(
            () => true,
            () => false,
          );
        if (heard) break;
        if (Date.now() > deadline) throw new Error('listener did not come back');
      }
      socket.close();
    } finally {
      await t.close();
    }
  });
});
