import type { FastifyRequest } from 'fastify';
import { REALTIME_CLIENT_HEADER, REALTIME_CLIENT_ID_PATTERN } from '@cadran/domain/realtime';

/**
 * The realtime client id a request names as its author (a client does not receive the events
 * it caused). Ids are 128 random bits known only to their socket's owner, so
 * naming someone else's is not a way to silence them. Anything malformed counts as none.
 */
export function publisherOf(request: FastifyRequest): string | null {
  const value = request.headers[REALTIME_CLIENT_HEADER];
  return typeof value === 'string' && REALTIME_CLIENT_ID_PATTERN.test(value) ? value : null;
}
