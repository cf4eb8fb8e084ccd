import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import type { Account } from './repository';
import type { AuthContext } from './service';

/**
 * What route modules need from sign-in, kept apart from the plugin that decorates the app:
 * importing this file never pulls in the session service or the password hashing.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by loadAuth / requireUser / requireAdmin (./plugin.ts); null for anonymous requests. */
    auth: AuthContext | null;
  }
}

/** The shape of app.loadAuth, app.requireUser and app.requireAdmin. */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The signed-in account of a request that went through requireUser or requireAdmin. */
export function currentAccount(request: FastifyRequest): Account {
  if (!request.auth) throw new HttpError(401, 'auth.unauthenticated');
  return request.auth.account;
}
