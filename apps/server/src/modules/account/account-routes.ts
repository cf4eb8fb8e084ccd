import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  ProfileAnswerSchema,
  ProfilePatchSchema,
} from '@cadran/domain/account';
import { successEnvelope } from '@cadran/domain/api';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers } from '../../http/route-schemas';
import { isDeliverableAddress } from '../../mail/queue';
import { currentAccount } from '../auth/current-account';
import { assertPasswordNotBreached } from '../auth/password-policy';
import { changePassword, requestEmailChange } from './credentials';
import { readProfile, updateProfile } from './profile';
import { ACCOUNT_RATE_LIMITS } from './rate-limits';

export const ACCOUNT_PREFIX = '/api/v1/website/account';
const MessageAnswerSchema = successEnvelope({ message: z.string() });
const ProfileResponseSchema = ProfileAnswerSchema.extend({ success: z.literal(true) });

/** 403 for a password that does not match the account's, on the field that carried it. */
export const passwordWrong = (field: string) =>
  new HttpError(403, 'account.password_wrong', {
    code: 'password_wrong',
    fieldErrors: { [field]: ['account.password_wrong'] },
  });

/** The signed-in owner's profile, e-mail address and password (docs/product.md 'Accounts and sessions'). */
const accountRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps = app.accountDeps;
  const limits = ACCOUNT_RATE_LIMITS;

  app.get(
    `${ACCOUNT_PREFIX}/profile`,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in account’s profile',
        response: { 200: ProfileResponseSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const profile = await readProfile(deps, currentAccount(request).id);
      if (!profile) throw new HttpError(401, 'auth.unauthenticated');
      return { success: true as const, profile };
    },
  );

  app.patch(
    `${ACCOUNT_PREFIX}/profile`,
    {
      preHandler: app.requireProvenUser,
      schema: {
        tags: ['account'],
        summary: 'Change fields of the profile (registration and checkout rules)',
        body: ProfilePatchSchema,
        response: { 200: ProfileResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const result = await updateProfile(deps, currentAccount(request).id, request.body);
      if (!result) throw new HttpError(401, 'auth.unauthenticated');
      if (!result.ok)
        throw new HttpError(400, 'validation.failed', { fieldErrors: result.fieldErrors });
      return { success: true as const, profile: result.profile };
    },
  );

  app.post(
    `${ACCOUNT_PREFIX}/email`,
    {
      preHandler: [app.requireProvenUser, app.rateLimiter.hook(limits.emailChangePerAccount)],
      schema: {
        tags: ['account'],
        summary: 'Mail a link that moves the account to a new address (password required)',
        body: ChangeEmailSchema,
        response: { 202: MessageAnswerSchema, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { new_email: newEmail, password } = request.body;
      if (!isDeliverableAddress(newEmail)) {
        throw new HttpError(400, 'auth.email.invalid', {
          fieldErrors: { new_email: ['auth.email.invalid'] },
        });
      }
      const outcome = await requestEmailChange(
        deps,
        currentAccount(request).id,
        newEmail,
        password,
      );
      if (outcome === 'password_wrong') throw passwordWrong('password');
      if (outcome === 'same_email') {
        throw new HttpError(400, 'account.same_email', {
          fieldErrors: { new_email: ['account.same_email'] },
        });
      }
      return reply.code(202).send({
        success: true as const,
        message: localize('account.email_change_sent', requestLanguage(request)),
      });
    },
  );

  app.post(
    `${ACCOUNT_PREFIX}/password`,
    {
      preHandler: [app.requireProvenUser, app.rateLimiter.hook(limits.passwordCheckPerAccount)],
      schema: {
        tags: ['account'],
        summary: 'Change the password (current one required); ends every other session',
        body: ChangePasswordSchema,
        response: { 200: MessageAnswerSchema, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw new HttpError(401, 'auth.unauthenticated');
      await assertPasswordNotBreached(request.body.new_password, 'new_password');
      const result = await changePassword(
        deps,
        auth.account.id,
        auth.session.id,
        request.body.current_password,
        request.body.new_password,
      );
      if (!result.changed) throw passwordWrong('current_password');
      request.log.info({ userId: auth.account.id, ended: result.ended }, 'password changed');
      return {
        success: true as const,
        message: localize('account.password_changed', requestLanguage(request)),
      };
    },
  );

  done();
};

export default accountRoutes;
