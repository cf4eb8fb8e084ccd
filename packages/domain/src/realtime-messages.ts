/**
 * What the server sends on the realtime channel, read by the browser: events
 * `{ channel, name, data }` and control answers, which carry a `type` events never have. Written
 * by hand, without the schema library: the roadmap page's live board reads every frame with it
 * and must stay light (docs/quality.md 'Islands, third pass'). Like a schema, it refuses any
 * frame of another shape and keeps only the fields it knows.
 */

/** An event as delivered: the channel the client subscribed to, a name, a payload. */
export interface RealtimeEvent {
  channel: string;
  name: string;
  data: unknown;
}

export type RealtimeControl =
  | { type: 'subscribed'; channel: string }
  | { type: 'unsubscribed'; channel: string }
  | { type: 'pong' }
  | { type: 'error'; code: string; message: string };

export type RealtimeServerMessage = RealtimeEvent | RealtimeControl;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === 'string';

function readControl(value: Fields): RealtimeControl | null {
  switch (value.type) {
    case 'subscribed':
    case 'unsubscribed':
      return isText(value.channel) ? { type: value.type, channel: value.channel } : null;
    case 'pong':
      return { type: 'pong' };
    case 'error':
      return isText(value.code) && isText(value.message)
        ? { type: 'error', code: value.code, message: value.message }
        : null;
    default:
      return null;
  }
}

/** Reads one server frame; null for anything that is neither an event nor a control answer. */
export function parseServerMessage(text: string): RealtimeServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  if ('type' in value) return readControl(value);
  // The payload may be anything JSON holds, but it must be there.
  if (!isText(value.channel) || !isText(value.name) || !Object.hasOwn(value, 'data')) return null;
  return { channel: value.channel, name: value.name, data: value.data };
}

/** What a token answer gives the browser (GET realtime/token, `{ success, token, client_id, expires_at }`). */
export interface RealtimeTokenGrant {
  token: string;
  clientId: string;
}

/** Reads the token answer; null when it is not one. */
export function readTokenAnswer(value: unknown): RealtimeTokenGrant | null {
  if (!isObject(value) || value.success !== true) return null;
  if (!isText(value.token) || !isText(value.client_id) || !isText(value.expires_at)) return null;
  return { token: value.token, clientId: value.client_id };
}
