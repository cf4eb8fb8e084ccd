import {
  EmailTokenSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
} from '@cadran/domain/account';
import { successEnvelope } from '@cadran/domain/api';
import { ApiUserSchema } from '@cadran/domain/auth';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers } from '../../http/route-schemas';
import { toApiUser } from '../auth/api-user';
import { currentAccount } from '../auth/current-account';
import { assertPasswordNotBreached } from '../auth/password-policy';
import { confirmEmail, resendSignupConfirmation } from './email-confirmation';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ACCOUNT_RATE_LIMITS } from './rate-limits';

const PREFIX = '/api/v1/website/auth';
const MessageAnswerSchema = successEnvelope({ message: z.string() });
const tokenInvalid = () => new HttpError(400, 'account.token_invalid', { code: 'token_invalid' });

/**
 * The links mailed to an account's owner (docs/product.md 'Accounts and sessions'): the
 * forgotten password and the confirmation of an address. None needs a session but the resend.
 */
const linkRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps = app.accountDeps;
  const limits = ACCOUNT_RATE_LIMITS;

  app.post(
    `${PREFIX}/password/forgot`,
    {
      onRequest: app.rateLimiter.hook(limits.forgotPerIp),
      preHandler: app.rateLimiter.hook(limits.forgotPerEmail),
      schema: {
        tags: ['account'],
        summary: 'Mail a password reset link, if an account has this address (always 202)',
        body: ForgotPasswordSchema,
        response: { 202: MessageAnswerSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body.email);
      app.jobs.wake('account-password-reset');
      return reply.code(202).send({
        success: true as const,
        message: localize('account.password_reset_requested', requestLanguage(request)),
      });
    },
  );

  app.post(
    `${PREFIX}/password/reset`,
    {
      onRequest: app.rateLimiter.hook(limits.linkPerIp),
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset link; ends every session of the account',
        body: ResetPasswordSchema,
        response: { 200: MessageAnswerSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request) => {
      await assertPasswordNotBreached(request.body.password, 'password');
      const outcome = await resetPassword(deps, request.body.token, request.body.password);
      if (outcome === 'token_invalid') throw tokenInvalid();
      request.log.info('password reset by link');
      return {
        success: true as const,
        message: localize('account.password_reset_done', requestLanguage(request)),
      };
    },
  );

  app.post(
    `${PREFIX}/email/confirm`,
    {
      onRequest: app.rateLimiter.hook(limits.linkPerIp),
      schema: {
        tags: ['account'],
        summary: "Confirm an address: a new account's, or the new one of an email change",
        body: EmailTokenSchema,
        response: {
          200: successEnvelope({ message: z.string(), user: ApiUserSchema }),
          ...errorAnswers(400, 409, 429),
        },
      },
    },
    async (request) => {
      const outcome = await confirmEmail(deps, request.body.token);
      if (outcome.kind === 'token_invalid') throw tokenInvalid();
      if (outcome.kind === 'email_taken') throw new HttpError(409, 'account.email_taken_now');
      const { account } = outcome;
      request.log.info({ userId: account.id, kind: outcome.kind }, 'e-mail address confirmed');
      return {
        success: true as const,
        message: localize(
          outcome.kind === 'changed' ? 'account.email_changed' : 'account.email_confirmed',
          requestLanguage(request),
        ),
        user: toApiUser(account),
      };
    },
  );

  app.post(
    `${PREFIX}/email/resend`,
    {
      preHandler: [app.requireUser, app.rateLimiter.hook(limits.resendPerAccount)],
      schema: {
        tags: ['account'],
        summary: 'Mail the sign-up confirmation link again',
        response: { 202: MessageAnswerSchema, ...errorAnswers(401, 403, 429) },
      },
    },
    async (request, reply) => {
      await resendSignupConfirmation(deps, currentAccount(request).id);
      return reply.code(202).send({
        success: true as const,
        message: localize('account.confirmation_sent', requestLanguage(request)),
      });
    },
  );

  done();
};

export default linkRoutes;
