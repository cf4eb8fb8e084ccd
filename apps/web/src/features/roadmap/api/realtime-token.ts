import { REALTIME_SOCKET_PATH, REALTIME_TOKEN_PATH } from '@cadran/domain/realtime-protocol';
import { readTokenAnswer, type RealtimeTokenGrant } from '@cadran/domain/realtime-messages';
import { apiClient } from '@/lib/api-client';
import { apiUrl } from '@/lib/api-url';

/** A reconnecting page should not hang half a minute on one token request. */
const TOKEN_TIMEOUT_MS = 10_000;

/**
 * GET /realtime/token: a fresh token and client id for one connection. The answer is read
 * without the schema library (realtime-messages.ts); one of another shape fails like a network
 * error, and the realtime client tries again later.
 */
export async function fetchRealtimeToken(): Promise<RealtimeTokenGrant> {
  const grant = readTokenAnswer(
    await apiClient.get(REALTIME_TOKEN_PATH, { timeoutMs: TOKEN_TIMEOUT_MS }),
  );
  if (!grant) throw new Error('The realtime token answer has another shape');
  return grant;
}

/** The socket address on the API's own origin, ws: or wss: to match http: or https:. */
export function realtimeSocketUrl(token: string): string {
  const url = new URL(apiUrl(REALTIME_SOCKET_PATH), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}
