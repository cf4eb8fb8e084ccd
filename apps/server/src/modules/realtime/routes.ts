import { ApiErrorSchema } from '@cadran/domain/api';
import {
  REALTIME_LIMITS,
  REALTIME_SOCKET_PATH,
  REALTIME_TOKEN_PATH,
  RealtimeTokenResponseSchema,
  publicChannel,
} from '@cadran/domain/realtime';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { acceptConnection } from './connection';

/** Tokens are cheap but not free: a page asks for one per (re)connection. */
export const REALTIME_TOKEN_RATE_LIMIT = { name: 'realtime-token', max: 60, windowMs: 60_000 };

const SocketQuerySchema = z.object({ token: z.string().max(1024).optional() });

/**
 * GET /realtime/token and the socket it opens (docs/product.md 'Roadmap' ('Live refresh')). Every
 * refusal happens before the upgrade, as a plain HTTP answer: wrong origin 403, missing, forged or
 * expired token 401, too many sockets from one address 429, a plain GET without upgrade 426.
 */
const realtimeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  const publicHost = new URL(app.config.publicUrl).host;
  const admitted = new WeakMap<FastifyRequest, string>();

  /** The client id a socket request may open with, or the refusal it gets instead. */
  const admit = (request: FastifyRequest, token: string | undefined): string | HttpError => {
    // Browsers always send Origin on a socket: another site's page may not ride on it.
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin && origin !== publicOrigin && origin.toLowerCase() !== ownOrigin.toLowerCase()) {
      return new HttpError(403, 'error.forbidden');
    }
    const check = token ? app.realtime.tokens.verify(token) : null;
    if (!check?.ok) {
      const key = check?.reason === 'expired' ? 'realtime.token_expired' : 'realtime.token_invalid';
      return new HttpError(401, key);
    }
    if (!request.ws) return new HttpError(426, 'realtime.upgrade_required');
    if (app.realtime.hub.connectionsFrom(request.ip) >= REALTIME_LIMITS.maxConnectionsPerIp) {
      return new HttpError(429, 'realtime.too_many_connections');
    }
    return check.clientId;
  };

  app.get(
    REALTIME_TOKEN_PATH,
    {
      onRequest: app.rateLimiter.hook(REALTIME_TOKEN_RATE_LIMIT),
      schema: {
        tags: ['realtime'],
        summary: 'A short-lived token (with a client id) to open the realtime socket',
        response: { 200: RealtimeTokenResponseSchema, 429: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const issued = app.realtime.tokens.issue();
      return {
        success: true as const,
        token: issued.token,
        client_id: issued.clientId,
        expires_at: issued.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    REALTIME_SOCKET_PATH,
    {
      websocket: true,
      schema: { querystring: SocketQuerySchema },
      preHandler: (request, _reply, hookDone) => {
        const admission = admit(request, request.query.token);
        if (admission instanceof HttpError) {
          hookDone(admission);
          return;
        }
        admitted.set(request, admission);
        hookDone();
      },
    },
    (socket, request) => {
      const clientId = admitted.get(request);
      if (!clientId) {
        socket.close(1008, 'Not admitted');
        return;
      }
      // The browser names the channel after the host it sees; behind a second name or a
      // proxy that may differ from PUBLIC_URL's, so that name is an alias of the site channel.
      const ownChannel = publicChannel(request.host);
      acceptConnection(socket, {
        hub: app.realtime.hub,
        clientId,
        ip: request.ip,
        resolveChannel: (name) =>
          name === ownChannel && request.host !== publicHost ? app.realtime.publicChannel : name,
        log: request.log,
      });
    },
  );

  done();
};

export default realtimeRoutes;
