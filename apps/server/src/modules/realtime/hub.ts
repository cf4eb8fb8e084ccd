import type { WebSocket } from 'ws';
import { CLOSE_CODES } from '@cadran/domain/realtime';

/**
 * The sockets of this process and what each one listens to. It only ever holds local state
 * (open sockets cannot be shared); events from other processes reach it through the bus.
 */

export interface Peer {
  readonly clientId: string;
  readonly ip: string;
  readonly socket: WebSocket;
  /** Channel name as the client wrote it -> channel the server publishes on. */
  readonly subscriptions: Map<string, string>;
  /** Cleared at each heartbeat ping, set again by the pong. */
  alive: boolean;
}

export interface Delivery {
  channel: string;
  name: string;
  data: unknown;
  /** Client id whose request caused the event; it does not receive it. */
  publisher: string | null;
}

/** A client that lets this much pile up unread is not keeping up; it is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export class RealtimeHub {
  private readonly peers = new Set<Peer>();
  private readonly byChannel = new Map<string, Set<Peer>>();
  private readonly perIp = new Map<string, number>();

  get size(): number {
    return this.peers.size;
  }

  connectionsFrom(ip: string): number {
    return this.perIp.get(ip) ?? 0;
  }

  add(peer: Peer): void {
    this.peers.add(peer);
    this.perIp.set(peer.ip, this.connectionsFrom(peer.ip) + 1);
  }

  remove(peer: Peer): void {
    if (!this.peers.delete(peer)) return;
    for (const target of peer.subscriptions.values()) this.detach(peer, target);
    peer.subscriptions.clear();
    const left = this.connectionsFrom(peer.ip) - 1;
    if (left > 0) this.perIp.set(peer.ip, left);
    else this.perIp.delete(peer.ip);
  }

  subscribe(peer: Peer, name: string, target: string): void {
    peer.subscriptions.set(name, target);
    let set = this.byChannel.get(target);
    if (!set) {
      set = new Set();
      this.byChannel.set(target, set);
    }
    set.add(peer);
  }

  unsubscribe(peer: Peer, name: string): boolean {
    const target = peer.subscriptions.get(name);
    if (target === undefined) return false;
    peer.subscriptions.delete(name);
    if (![...peer.subscriptions.values()].includes(target)) this.detach(peer, target);
    return true;
  }

  private detach(peer: Peer, target: string): void {
    const set = this.byChannel.get(target);
    set?.delete(peer);
    if (set?.size === 0) this.byChannel.delete(target);
  }

  /** Sends an event to every local subscriber but its publisher; returns the frames sent. */
  deliver(event: Delivery): number {
    const subscribers = this.byChannel.get(event.channel);
    if (!subscribers) return 0;
    let sent = 0;
    for (const peer of subscribers) {
      if (event.publisher !== null && peer.clientId === event.publisher) continue;
      if (peer.socket.readyState !== peer.socket.OPEN) continue;
      if (peer.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        peer.socket.terminate();
        continue;
      }
      // Each subscriber hears the event under the channel name it subscribed with.
      for (const [name, target] of peer.subscriptions) {
        if (target !== event.channel) continue;
        peer.socket.send(JSON.stringify({ channel: name, name: event.name, data: event.data }));
        sent += 1;
      }
    }
    return sent;
  }

  /**
   * Heartbeat: a socket that did not answer the previous ping is dead (a peer that vanished
   * without closing) and is terminated; the others are pinged again.
   */
  sweep(): number {
    let terminated = 0;
    for (const peer of this.peers) {
      if (!peer.alive) {
        peer.socket.terminate();
        this.remove(peer);
        terminated += 1;
        continue;
      }
      peer.alive = false;
      try {
        peer.socket.ping();
      } catch {
        // The socket is closing; its close event removes it.
      }
    }
    return terminated;
  }

  /** Server shutdown: every client is told to come back later (1001), not that it erred. */
  closeAll(reason: string): void {
    for (const peer of this.peers) peer.socket.close(CLOSE_CODES.goingAway, reason);
  }
}
