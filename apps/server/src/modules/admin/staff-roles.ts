import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error';
import { currentAccount } from '../auth/current-account';

/**
 * Who of the staff may call a back-office route (docs/product.md 'Back office'): administrators
 * everything; support staff only the routes that say so in their config (`{ support: true }`):
 * reading orders, licences, the catalogue's templates and promo codes and the roadmap, settling
 * transfers, and handling contact messages (reading, status, replies).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to support staff as well as administrators. */
    support?: boolean;
  }
}

export const SUPPORT_ALLOWED = { support: true } as const;

export function staffRoleGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { role } = currentAccount(request);
  const allowed =
    role === 'admin' || (role === 'support' && request.routeOptions.config.support === true);
  return allowed ? Promise.resolve() : Promise.reject(new HttpError(403, 'error.forbidden'));
}
