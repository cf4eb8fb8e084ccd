import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  CLOSE_CODES,
  REALTIME_LIMITS,
  RealtimeClientMessageSchema,
  isPublicChannel,
  type RealtimeControl,
} from '@cadran/domain/realtime';
import type { Peer, RealtimeHub } from './hub';

/**
 * One client socket: subscribe, unsubscribe and ping messages in, control answers
 * and events out. Whatever a client sends, the worst outcome is its own socket being closed
 * with a code and a reason that say why; nothing it sends can throw out of these handlers.
 */

export interface ConnectionContext {
  hub: RealtimeHub;
  clientId: string;
  ip: string;
  /** The channel events are published on for a name the client used (host aliases). */
  resolveChannel: (name: string) => string;
  log: FastifyBaseLogger;
  now?: () => number;
}

export function acceptConnection(socket: WebSocket, context: ConnectionContext): Peer {
  const { hub, log } = context;
  const now = context.now ?? Date.now;
  const peer: Peer = {
    clientId: context.clientId,
    ip: context.ip,
    socket,
    subscriptions: new Map(),
    alive: true,
  };
  hub.add(peer);

  let windowStart = now();
  let messagesInWindow = 0;

  const answer = (message: RealtimeControl) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const refuse = (code: number, reason: string) => {
    log.info({ clientId: peer.clientId, code, reason }, 'realtime socket closed by the server');
    socket.close(code, reason);
    // A peer that ignores the close handshake is cut off rather than kept half-open.
    setTimeout(() => socket.terminate(), 5_000).unref();
  };

  socket.on('pong', () => {
    peer.alive = true;
  });
  socket.on('close', () => hub.remove(peer));

  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (socket.readyState !== socket.OPEN) return;
    peer.alive = true;

    const at = now();
    if (at - windowStart >= REALTIME_LIMITS.messageWindowMs) {
      windowStart = at;
      messagesInWindow = 0;
    }
    messagesInWindow += 1;
    if (messagesInWindow > REALTIME_LIMITS.maxMessagesPerWindow) {
      refuse(CLOSE_CODES.policyViolation, 'Too many messages');
      return;
    }
    if (isBinary) {
      refuse(CLOSE_CODES.unsupportedData, 'Binary frames are not accepted: send JSON text');
      return;
    }

    let value: unknown;
    try {
      value = JSON.parse(rawText(data));
    } catch {
      refuse(CLOSE_CODES.policyViolation, 'Malformed JSON');
      return;
    }
    const parsed = RealtimeClientMessageSchema.safeParse(value);
    if (!parsed.success) {
      refuse(CLOSE_CODES.policyViolation, 'Unknown or invalid message');
      return;
    }

    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        answer({ type: 'pong' });
        return;
      case 'unsubscribe':
        hub.unsubscribe(peer, message.channel);
        answer({ type: 'unsubscribed', channel: message.channel });
        return;
      case 'subscribe': {
        const { channel } = message;
        if (!isPublicChannel(channel)) {
          answer({
            type: 'error',
            code: 'unknown_channel',
            message: 'Only public channels, named {host}:public, can be subscribed to',
          });
          return;
        }
        if (!peer.subscriptions.has(channel)) {
          if (peer.subscriptions.size >= REALTIME_LIMITS.maxSubscriptionsPerConnection) {
            refuse(CLOSE_CODES.policyViolation, 'Too many subscriptions');
            return;
          }
          hub.subscribe(peer, channel, context.resolveChannel(channel));
        }
        answer({ type: 'subscribed', channel });
        return;
      }
    }
  });

  return peer;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
