import { ApiErrorSchema } from '@cadran/domain/api';
import {
  AuthResponseSchema,
  LoginSchema,
  MeResponseSchema,
  RegisterSchema,
  SessionResponseSchema,
} from '@cadran/domain/auth';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers } from '../../http/route-schemas';
import { hasSessionCookie } from '../../http/session-cookie';
import { currentAccount } from './current-account';
import { toApiUser } from './api-user';
import { clearSessionCookies, presentedTokens, setSessionCookies } from './cookies';
import { deviceLabel } from './device-label';
import { LoginThrottle } from './login-throttle';
import { assertPasswordNotBreached } from './password-policy';
import { AUTH_RATE_LIMITS, authRateLimit, bodyEmail, requestIp } from './rate-limits';

const PREFIX = '/api/v1/website/auth';

const LogoutResponseSchema = z.object({ success: z.literal(true), message: z.string() });
const errors = errorAnswers(400, 401, 403, 409, 429);

/**
 * Client accounts: register, login, me, logout. Login and register answer the token in the
 * body too, for API clients that send it as a bearer header; the cookie is what keeps a
 * browser signed in across reloads.
 */
const authRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const secure = app.config.cookieSecure;
  const throttle = new LoginThrottle(app.db, app.config.rateLimitMultiplier, app.rateLimiter.clock);

  // Answers carry tokens and personal data: no cache may keep them.
  app.addHook('onRequest', (_request, reply, hookDone) => {
    reply.header('cache-control', 'no-store');
    hookDone();
  });

  app.post(
    `${PREFIX}/register`,
    {
      onRequest: authRateLimit(app, AUTH_RATE_LIMITS.registerPerIp, requestIp),
      preHandler: authRateLimit(app, AUTH_RATE_LIMITS.registerPerEmail, bodyEmail),
      schema: {
        tags: ['auth'],
        summary: 'Create a client account and sign it in',
        body: RegisterSchema,
        response: { 201: AuthResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      await assertPasswordNotBreached(request.body.password, 'password');
      const result = await app.authService.register(
        request.body,
        lang,
        presentedTokens(request)[0],
        deviceLabel(request.headers['user-agent']),
      );
      if (!result.ok) {
        throw new HttpError(409, 'auth.email_taken', {
          fieldErrors: { email: ['auth.email_taken'] },
        });
      }
      setSessionCookies(reply, result.session.token, false, secure);
      request.log.info({ userId: result.account.id }, 'account created');
      await app.registrationListeners.announce(result.account, request.log);
      return reply.code(201).send({
        success: true,
        user: toApiUser(result.account),
        token: result.session.token,
        message: localize('auth.register_success', lang),
      });
    },
  );

  app.post(
    `${PREFIX}/login`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginSchema,
        response: { 200: AuthResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, remember = false } = request.body;
      const result = await throttle.attempt(email, request.ip, request.log, () =>
        app.authService.login(
          email,
          password,
          remember,
          presentedTokens(request)[0],
          deviceLabel(request.headers['user-agent']),
        ),
      );
      // One answer for an unknown e-mail and a wrong password: nothing to enumerate.
      if (!result) throw new HttpError(401, 'auth.invalid_credentials');
      if ('locked' in result) {
        throw new HttpError(403, 'auth.account_locked', {
          code: 'account_locked',
          params: { support: app.config.supportEmail },
        });
      }
      setSessionCookies(reply, result.session.token, remember, secure);
      request.log.info({ userId: result.account.id, remember }, 'signed in');
      return {
        success: true as const,
        user: toApiUser(result.account),
        token: result.session.token,
        message: localize('auth.login_success', requestLanguage(request)),
      };
    },
  );

  app.get(
    `${PREFIX}/me`,
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account (cookie or bearer token)',
        response: { 200: MeResponseSchema, 401: ApiErrorSchema },
      },
    },
    (request) => ({ success: true as const, user: toApiUser(currentAccount(request)) }),
  );

  app.get(
    `${PREFIX}/session`,
    {
      preHandler: app.loadAuth,
      schema: {
        tags: ['auth'],
        summary: 'Whether a session is open, and its account (null when signed out)',
        description:
          'The start-up check of the site and the client area: 200 either way. A cookie that no longer opens a session is dropped with the answer, so the browser stops sending it.',
        response: { 200: SessionResponseSchema },
      },
    },
    (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.auth) return { success: true as const, user: toApiUser(request.auth.account) };
      if (hasSessionCookie(request)) clearSessionCookies(reply, secure);
      return { success: true as const, user: null };
    },
  );

  app.post(
    `${PREFIX}/logout`,
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session (succeeds when already signed out)',
        response: { 200: LogoutResponseSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      for (const token of presentedTokens(request)) await app.authService.logout(token);
      clearSessionCookies(reply, secure);
      return {
        success: true as const,
        message: localize('auth.logout_success', requestLanguage(request)),
      };
    },
  );

  done();
};

export default authRoutes;
