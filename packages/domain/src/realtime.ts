import { z } from 'zod';
import { successEnvelope } from './api';

/**
 * Schemas of the realtime messages a client sends and of the token answer; names and limits are
 * in realtime-protocol.ts, and what the server sends is read without the schema library in
 * realtime-messages.ts. This module re-exports both.
 */
export * from './realtime-protocol';
export * from './realtime-messages';

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
