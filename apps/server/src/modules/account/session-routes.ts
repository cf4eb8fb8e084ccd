import { AccountSessionsAnswerSchema } from '@cadran/domain/account';
import { successEnvelope } from '@cadran/domain/api';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { clearSessionCookies } from '../auth/cookies';
import type { AuthContext } from '../auth/service';
import { ACCOUNT_PREFIX } from './account-routes';
import { endOtherSessions, endSession, listSessions } from './sessions';

const signedIn = (auth: AuthContext | null): AuthContext => {
  if (!auth) throw new HttpError(401, 'auth.unauthenticated');
  return auth;
};

/** The owner's sessions (docs/product.md 'Accounts and sessions' ('Sessions and tokens')). */
const sessionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps = app.accountDeps;

  app.get(
    `${ACCOUNT_PREFIX}/sessions`,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'The open sessions of the account, the current one marked',
        response: {
          200: AccountSessionsAnswerSchema.extend({ success: z.literal(true) }),
          ...errorAnswers(401),
        },
      },
    },
    async (request) => {
      const { account, session } = signedIn(request.auth);
      return { success: true as const, sessions: await listSessions(deps, account, session.id) };
    },
  );

  app.delete(
    `${ACCOUNT_PREFIX}/sessions/:id`,
    {
      preHandler: app.requireProvenUser,
      schema: {
        tags: ['account'],
        summary: 'End one session of the account (404 when not the account’s)',
        params: IdParamsSchema,
        response: {
          200: successEnvelope({ message: z.string() }),
          ...errorAnswers(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { account, session } = signedIn(request.auth);
      if (!(await endSession(deps, account.id, request.params.id))) {
        throw new HttpError(404, 'error.not_found');
      }
      // Ending the session in use signs this browser out too.
      if (request.params.id.toLowerCase() === session.id) {
        clearSessionCookies(reply, app.config.cookieSecure);
      }
      return {
        success: true as const,
        message: localize('account.session_ended', requestLanguage(request)),
      };
    },
  );

  app.post(
    `${ACCOUNT_PREFIX}/sessions/end-others`,
    {
      preHandler: app.requireProvenUser,
      schema: {
        tags: ['account'],
        summary: 'End every session of the account but the current one',
        response: {
          200: successEnvelope({ message: z.string(), ended: z.number().int() }),
          ...errorAnswers(401, 403),
        },
      },
    },
    async (request) => {
      const { account, session } = signedIn(request.auth);
      const ended = await endOtherSessions(deps, account.id, session.id);
      return {
        success: true as const,
        ended,
        message: localize('account.sessions_ended', requestLanguage(request)),
      };
    },
  );

  done();
};

export default sessionRoutes;
