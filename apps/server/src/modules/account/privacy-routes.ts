import { DeleteAccountSchema } from '@cadran/domain/account';
import { successEnvelope } from '@cadran/domain/api';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers } from '../../http/route-schemas';
import { clearSessionCookies } from '../auth/cookies';
import { currentAccount } from '../auth/current-account';
import { ACCOUNT_PREFIX, passwordWrong } from './account-routes';
import { deleteAccount } from './delete-account';
import { exportAccount } from './export-account';
import { ACCOUNT_RATE_LIMITS } from './rate-limits';

/**
 * The owner's rights over their data (docs/product.md 'Accounts and sessions' ('Export and
 * deletion')): a copy of everything held, and deletion.
 */
const privacyRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps = app.accountDeps;

  app.get(
    `${ACCOUNT_PREFIX}/export`,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Everything held about the account, as a JSON attachment',
        response: { 200: z.record(z.string(), z.unknown()), ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const data = await exportAccount(deps.db, currentAccount(request).id, deps.now());
      if (!data) throw new HttpError(401, 'auth.unauthenticated');
      return reply
        .header('content-disposition', 'attachment; filename="cadran-account-export.json"')
        .send(data);
    },
  );

  app.post(
    `${ACCOUNT_PREFIX}/delete`,
    {
      preHandler: [
        app.requireProvenUser,
        app.rateLimiter.hook(ACCOUNT_RATE_LIMITS.passwordCheckPerAccount),
      ],
      schema: {
        tags: ['account'],
        summary: 'Delete the account (password required); orders and invoices are kept',
        body: DeleteAccountSchema,
        response: {
          200: successEnvelope({ message: z.string() }),
          ...errorAnswers(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = currentAccount(request).id;
      const outcome = await deleteAccount(deps, userId, request.body.password);
      if (outcome === 'password_wrong') throw passwordWrong('password');
      if (outcome === 'staff') throw new HttpError(403, 'account.staff_cannot_delete');
      clearSessionCookies(reply, app.config.cookieSecure);
      request.log.info({ userId }, 'account deleted by its owner');
      return {
        success: true as const,
        message: localize('account.deleted', requestLanguage(request)),
      };
    },
  );

  done();
};

export default privacyRoutes;
