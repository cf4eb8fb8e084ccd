import {
  parseServerMessage,
  type RealtimeEvent,
  type RealtimeTokenGrant,
} from '@cadran/domain/realtime-messages';
import { REALTIME_LIMITS } from '@cadran/domain/realtime-protocol';
import { reconnectDelay } from './reconnect-delay';

/**
 * The browser side of the realtime channel (docs/product.md 'Roadmap' ('Live refresh')): the
 * connection of the public channel is tracked as connected or disconnected. It asks for a fresh
 * token for every connection, subscribes to the channels it is asked for, answers nothing to
 * anyone, and comes back with growing, jittered delays whenever the socket closes or goes silent.
 */

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface RealtimeClientOptions {
  fetchToken: () => Promise<RealtimeTokenGrant>;
  socketUrl: (token: string) => string;
  createSocket?: (url: string) => WebSocket;
  onStatus?: (status: RealtimeStatus, clientId: string | null) => void;
  /** After a reconnection: events may have been missed while away, so state should reload. */
  onReconnect?: () => void;
  random?: () => number;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
}

export class RealtimeClient {
  private readonly listeners = new Map<string, Set<RealtimeListener>>();
  private socket: WebSocket | null = null;
  private clientId: string | null = null;
  private status: RealtimeStatus = 'disconnected';
  private running = false;
  private everConnected = false;
  private attempt = 0;
  /** Bumped on each connection attempt and on stop, so late answers of old ones are ignored. */
  private generation = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RealtimeClientOptions) {}

  get currentStatus(): RealtimeStatus {
    return this.status;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.setStatus('connecting');
    window.addEventListener('online', this.onOnline);
    void this.connect();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.generation += 1;
    window.removeEventListener('online', this.onOnline);
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.dropSocket(1000, 'Page closed');
    this.clientId = null;
    this.setStatus('disconnected');
  }

  /** Listens to a channel; the returned function stops listening. */
  subscribe(channel: string, listener: RealtimeListener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.send({ type: 'subscribe', channel });
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(channel);
      this.send({ type: 'unsubscribe', channel });
    };
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus?.(status, status === 'connected' ? this.clientId : null);
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    let grant: RealtimeTokenGrant;
    let socket: WebSocket;
    try {
      grant = await this.options.fetchToken();
      if (!this.running || generation !== this.generation) return;
      const url = this.options.socketUrl(grant.token);
      socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch {
      if (this.running && generation === this.generation) this.retryLater();
      return;
    }
    this.socket = socket;
    this.clientId = grant.clientId;

    socket.onopen = () => {
      this.attempt = 0;
      for (const channel of this.listeners.keys()) this.send({ type: 'subscribe', channel });
      this.startHeartbeat(socket);
      this.setStatus('connected');
      if (this.everConnected) this.options.onReconnect?.();
      this.everConnected = true;
    };
    socket.onmessage = (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      const frame = parseServerMessage(message.data);
      if (!frame) return;
      if ('type' in frame) {
        if (frame.type === 'pong') clearTimeout(this.pongTimer);
        return;
      }
      for (const listener of this.listeners.get(frame.channel) ?? []) listener(frame);
    };
    // A failed connection reports an error and then a close; the close does the work.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      if (this.running) this.retryLater();
    };
  }

  private retryLater(): void {
    this.setStatus('disconnected');
    clearTimeout(this.retryTimer);
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, delay);
  }

  /** The network is back: no reason to wait for the rest of the delay. */
  private readonly onOnline = () => {
    if (!this.running || this.socket || this.retryTimer === undefined) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.attempt = 0;
    void this.connect();
  };

  /**
   * A socket whose peer vanished (sleeping laptop, dropped Wi-Fi) may never report a close,
   * so the client pings and gives up on a socket whose pong is late.
   */
  private startHeartbeat(socket: WebSocket): void {
    this.stopHeartbeat();
    const every = this.options.pingIntervalMs ?? REALTIME_LIMITS.clientPingIntervalMs;
    const patience = this.options.pongTimeoutMs ?? REALTIME_LIMITS.clientPongTimeoutMs;
    this.pingTimer = setInterval(() => {
      if (this.socket !== socket) return;
      this.send({ type: 'ping' });
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => {
        if (this.socket !== socket) return;
        this.dropSocket(4000, 'Heartbeat timeout');
        if (this.running) this.retryLater();
      }, patience);
    }, every);
  }

  private stopHeartbeat(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    this.stopHeartbeat();
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    if (socket.readyState === WebSocket.CONNECTING) {
      // Closing a socket still opening makes browsers log an error: let it open, then close.
      socket.onopen = () => socket.close(code, reason);
    } else {
      socket.onopen = null;
      if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
    }
  }
}
