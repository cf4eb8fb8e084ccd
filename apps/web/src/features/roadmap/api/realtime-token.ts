import {
  REALTIME_SOCKET_PATH,
  REALTIME_TOKEN_PATH,
  RealtimeTokenResponseSchema,
} from '@cadran/domain/realtime';
import { apiClient } from '@/lib/api-client';
import { apiUrl } from '@/lib/api-url';
import type { RealtimeTokenGrant } from './realtime-client';

/** A reconnecting page should not hang half a minute on one token request. */
const TOKEN_TIMEOUT_MS = 10_000;

/** GET /realtime/token: a fresh token and client id for one connection. */
export async function fetchRealtimeToken(): Promise<RealtimeTokenGrant> {
  const body = await apiClient.get(REALTIME_TOKEN_PATH, {
    schema: RealtimeTokenResponseSchema,
    timeoutMs: TOKEN_TIMEOUT_MS,
  });
  return { token: body.token, clientId: body.client_id };
}

/** The socket address on the API's own origin, ws: or wss: to match http: or https:. */
export function realtimeSocketUrl(token: string): string {
  const url = new URL(apiUrl(REALTIME_SOCKET_PATH), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}
