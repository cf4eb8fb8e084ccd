import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type RealtimeStatus } from './realtime-client';

/**
 * The realtime client against a stand-in for the browser's WebSocket that the test drives:
 * what the client sends is recorded, what the server would do (open, send, close) is called.
 */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closedWith: [number, string] | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
    this.readyState = FakeSocket.CLOSED;
  }
  serverOpens() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  serverCloses() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

function setup(fetchToken = vi.fn(() => Promise.resolve({ token: 'tok', clientId: 'client-1' }))) {
  const sockets: FakeSocket[] = [];
  const statuses: Array<[RealtimeStatus, string | null]> = [];
  const onReconnect = vi.fn();
  const client = new RealtimeClient({
    fetchToken,
    socketUrl: (token) => `ws://site.test/rt?token=${token}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    onStatus: (status, clientId) => statuses.push([status, clientId]),
    onReconnect,
    random: () => 0.5,
    pingIntervalMs: 1000,
    pongTimeoutMs: 500,
  });
  const last = () => sockets[sockets.length - 1]!;
  return { client, sockets, statuses, onReconnect, fetchToken, last };
}

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects with a fresh token, subscribes and delivers events of its channels', async () => {
    const { client, statuses, last } = setup();
    const events: unknown[] = [];
    client.subscribe('site.test:public', (event) => events.push(event));
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(last().url).toBe('ws://site.test/rt?token=tok');
    last().serverOpens();
    expect(statuses).toEqual([
      ['connecting', null],
      ['connected', 'client-1'],
    ]);
    expect(last().sent).toEqual([{ type: 'subscribe', channel: 'site.test:public' }]);

    last().serverSends({ type: 'subscribed', channel: 'site.test:public' });
    last().serverSends({ channel: 'other:public', name: 'roadmap:update', data: {} });
    last().serverSends({ channel: 'site.test:public', name: 'roadmap:update', data: { id: 2 } });
    expect(events).toEqual([
      { channel: 'site.test:public', name: 'roadmap:update', data: { id: 2 } },
    ]);
    client.stop();
  });

  it('reconnects with growing delays after a close, then asks for a reload', async () => {
    const { client, sockets, statuses, onReconnect, fetchToken, last } = setup();
    client.subscribe('site.test:public', () => undefined);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens();
    expect(onReconnect).not.toHaveBeenCalled();

    last().serverCloses();
    expect(statuses.at(-1)).toEqual(['disconnected', null]);
    await vi.advanceTimersByTimeAsync(749);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    last().serverCloses(); // refused again: the next wait is longer
    await vi.advanceTimersByTimeAsync(1499);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    expect(fetchToken).toHaveBeenCalledTimes(3);

    last().serverOpens();
    expect(statuses.at(-1)).toEqual(['connected', 'client-1']);
    expect(last().sent).toEqual([{ type: 'subscribe', channel: 'site.test:public' }]);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    client.stop();
  });

  it('retries when the token cannot be fetched', async () => {
    const fetchToken = vi
      .fn<() => Promise<{ token: string; clientId: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ token: 'tok2', clientId: 'client-2' });
    const { client, sockets, statuses } = setup(fetchToken);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    expect(statuses.at(-1)).toEqual(['disconnected', null]);
    await vi.advanceTimersByTimeAsync(750);
    expect(sockets).toHaveLength(1);
    client.stop();
  });

  it('drops a socket whose pong is late and connects again', async () => {
    const { client, sockets, last } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = last();
    first.serverOpens();
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.sent).toContainEqual({ type: 'ping' });
    first.serverSends({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(1000); // pings again, and this time no answer
    await vi.advanceTimersByTimeAsync(500);
    expect(first.closedWith).toEqual([4000, 'Heartbeat timeout']);
    await vi.advanceTimersByTimeAsync(750);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('stops for good: closes the socket, cancels retries, ignores late answers', async () => {
    const { client, sockets, statuses, last } = setup();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens();
    const socket = last();
    client.stop();
    expect(socket.closedWith).toEqual([1000, 'Page closed']);
    expect(statuses.at(-1)).toEqual(['disconnected', null]);
    socket.serverCloses();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sockets).toHaveLength(1);
  });

  it('unsubscribes from a channel when its last listener leaves', async () => {
    const { client, last } = setup();
    const off = client.subscribe('site.test:public', () => undefined);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    last().serverOpens();
    off();
    expect(last().sent).toEqual([
      { type: 'subscribe', channel: 'site.test:public' },
      { type: 'unsubscribe', channel: 'site.test:public' },
    ]);
    client.stop();
  });
});
