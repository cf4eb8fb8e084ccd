/**
 * The realtime channel (docs/product.md 'Roadmap' ('Live refresh')): a short-lived signed token
 * opens a WebSocket, the client subscribes to public channels named `{host}:public`, and events
 * arrive as `{ channel, name, data }`. Names, paths and limits both sides read, free of the schema
 * library so a page can use them before it loads; the message schemas are in realtime.ts, which
 * re-exports all of this.
 */

export const REALTIME_TOKEN_PATH = '/api/v1/website/realtime/token';
export const REALTIME_SOCKET_PATH = '/api/v1/website/realtime';

/** The roadmap page reloads when this event arrives on its public channel. */
export const ROADMAP_UPDATE_EVENT = 'roadmap:update';

export const PUBLIC_CHANNEL_SUFFIX = ':public';

/** `{host}` followed by ':public', where host is what the browser calls the site. */
export const publicChannel = (host: string): string => `${host}${PUBLIC_CHANNEL_SUFFIX}`;

/** A host (name or IP, optional port, bracketed IPv6) followed by ':public'. */
const PUBLIC_CHANNEL_PATTERN = /^[A-Za-z0-9.\-[\]:]{1,260}:public$/;
export const isPublicChannel = (channel: string): boolean => PUBLIC_CHANNEL_PATTERN.test(channel);

/**
 * Header by which an HTTP request names the realtime client that made it, so the event the
 * request causes is not echoed back to that client.
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
