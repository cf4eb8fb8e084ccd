import { z } from 'zod';
import { successEnvelope } from './api';

/**
 * The realtime channel of spec 1 and 7 (issue 8): a short-lived signed token opens a
 * WebSocket, the client subscribes to public channels named `{host}:public`, and events
 * arrive as `{ channel, name, data }`. This file is the contract both sides read.
 */

export const REALTIME_TOKEN_PATH = '/api/v1/website/realtime/token';
export const REALTIME_SOCKET_PATH = '/api/v1/website/realtime';

/** Spec 2 'Roadmap': the page reloads when this event arrives on its public channel. */
export const ROADMAP_UPDATE_EVENT = 'roadmap:update';

export const PUBLIC_CHANNEL_SUFFIX = ':public';

/** Spec 2: `{host}` followed by ':public', where host is what the browser calls the site. */
export const publicChannel = (host: string): string => `${host}${PUBLIC_CHANNEL_SUFFIX}`;

/** A host (name or IP, optional port, bracketed IPv6) followed by ':public'. */
const PUBLIC_CHANNEL_PATTERN = /^[A-Za-z0-9.\-[\]:]{1,260}:public$/;
export const isPublicChannel = (channel: string): boolean => PUBLIC_CHANNEL_PATTERN.test(channel);

/**
 * Header by which an HTTP request names the realtime client that made it, so the event the
 * request causes is not echoed back to that client (spec 7: no echo of own messages).
 */
export const REALTIME_CLIENT_HEADER = 'x-realtime-client-id';

/** Client ids are 128 random bits in base64url. */
export const REALTIME_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const REALTIME_LIMITS = {
  /** Token lifetime: it only has to live until the socket opens. */
  tokenTtlMs: 5 * 60_000,
  /** Largest frame a client may send; ws closes a bigger one with 1009. */
  maxFrameBytes: 4096,
  maxSubscriptionsPerConnection: 5,
  maxConnectionsPerIp: 20,
  /** Client messages per connection and window, beyond which the socket is closed. */
  maxMessagesPerWindow: 30,
  messageWindowMs: 10_000,
  /** Server pings each socket this often and ends those that did not answer the last ping. */
  serverPingIntervalMs: 25_000,
  /** The browser pings this often and gives up on a socket whose pong is this late. */
  clientPingIntervalMs: 25_000,
  clientPongTimeoutMs: 10_000,
} as const;

/** Close codes (RFC 6455 section 7.4.1) the server uses, each sent with a readable reason. */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  unsupportedData: 1003,
  policyViolation: 1008,
  messageTooBig: 1009,
} as const;

export const RealtimeTokenResponseSchema = successEnvelope({
  token: z.string(),
  client_id: z.string(),
  expires_at: z.string(),
});
export type RealtimeTokenResponse = z.infer<typeof RealtimeTokenResponseSchema>;

const channelField = z.string().min(1).max(300);

/** What a client may send: subscribe, unsubscribe, and an application-level ping. */
export const RealtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: channelField }),
  z.object({ type: z.literal('unsubscribe'), channel: channelField }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessageSchema>;

/** An event as delivered (spec 7): the channel the client subscribed to, a name, a payload. */
export const RealtimeEventSchema = z.object({
  channel: z.string(),
  name: z.string(),
  data: z.unknown(),
});
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;

/** Control answers carry a `type`, which events never do. */
export const RealtimeControlSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), channel: z.string() }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type RealtimeControl = z.infer<typeof RealtimeControlSchema>;

export type RealtimeServerMessage = RealtimeEvent | RealtimeControl;

/** Reads one server frame; null for anything that is neither an event nor a control answer. */
export function parseServerMessage(text: string): RealtimeServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value === 'object' && value !== null && 'type' in value) {
    const control = RealtimeControlSchema.safeParse(value);
    return control.success ? control.data : null;
  }
  const event = RealtimeEventSchema.safeParse(value);
  return event.success ? event.data : null;
}
