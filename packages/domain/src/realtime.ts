import { z } from 'zod';
import { successEnvelope } from './api';

/** Schemas of the realtime messages; names and limits are in realtime-protocol.ts. */
export * from './realtime-protocol';

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

/** An event as delivered: the channel the client subscribed to, a name, a payload. */
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
