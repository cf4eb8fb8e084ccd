import {
  SecondFactorCodeSchema,
  SecondFactorConfirmResponseSchema,
  SecondFactorEnrolmentResponseSchema,
  SecondFactorProofSchema,
  SecondFactorStatusResponseSchema,
  SecondFactorVerifyResponseSchema,
} from '@cadran/domain/staff-auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers } from '../../http/route-schemas';
import { loginSource } from '../auth/login-source';
import { tooManyAttempts } from '../auth/rate-limits';
import { staffActor } from './staff-actor';

const errors = errorAnswers(400, 401, 403, 409, 429);

/**
 * Codes a staff account may try in 15 minutes from one source (an IPv4 address or an IPv6 /64),
 * good or bad: enough for typos, not for guessing. Counted per account and source, as sign-in
 * is (docs/decisions/011-sign-in-throttling.md): someone holding the password cannot lock the
 * owner out from another network by spending the account's attempts.
 */
export const SECOND_FACTOR_ATTEMPTS = {
  name: 'staff-second-factor',
  max: 10,
  windowMs: 15 * 60_000,
};

/**
 * A staff member's second factor (docs/product.md 'Back office' ('Staff sign-in')), behind the
 * password alone: its state, enrolment of an authenticator app (QR code, then a first good code,
 * which gives the recovery codes), and the code that opens the back office for this session.
 */
const secondFactorRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', app.requireStaffSignIn);

  const sessionOf = (request: Parameters<typeof staffActor>[0]) => {
    if (!request.auth) throw new HttpError(401, 'auth.unauthenticated');
    return request.auth.session;
  };

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether this staff account has an authenticator and this session proved it',
        response: { 200: SecondFactorStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const status = await app.secondFactor.status(staffActor(request).id);
      return {
        success: true as const,
        enrolled: status.enrolled,
        verified: status.enrolled && sessionOf(request).secondFactorAt !== null,
        required: status.enrolled || app.config.staffSecondFactorRequired,
        recovery_codes_left: status.recoveryCodesLeft,
      };
    },
  );

  app.post(
    '/enrolment',
    {
      schema: {
        tags: ['admin'],
        summary: 'Start setting up an authenticator app: its secret and QR code',
        response: { 201: SecondFactorEnrolmentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await app.secondFactor.startEnrolment(staffActor(request));
      if (started.kind === 'already_enrolled') {
        throw new HttpError(409, 'staff.second_factor_already_enrolled');
      }
      return reply.code(201).send({
        success: true as const,
        secret: started.secret,
        otpauth_uri: started.uri,
        qr_svg: started.qrSvg,
      });
    },
  );

  const countAttempt = async (accountId: string, request: FastifyRequest) => {
    const hit = await app.rateLimiter.hit(
      `${SECOND_FACTOR_ATTEMPTS.name}:${accountId}:${loginSource(request.ip)}`,
      SECOND_FACTOR_ATTEMPTS,
    );
    if (!hit.allowed) throw tooManyAttempts(hit.retryAfterSeconds);
  };

  app.post(
    '/enrolment/confirm',
    {
      schema: {
        tags: ['admin'],
        summary: 'Finish the set-up with a first code; answers the recovery codes, once',
        body: SecondFactorCodeSchema,
        response: { 200: SecondFactorConfirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      await countAttempt(actor.id, request);
      const result = await app.secondFactor.confirmEnrolment(
        actor,
        sessionOf(request).id,
        request.body.code,
      );
      if (result.kind === 'not_started') {
        throw new HttpError(409, 'staff.second_factor_not_started');
      }
      if (result.kind === 'invalid_code') {
        throw new HttpError(400, 'staff.second_factor_invalid', {
          fieldErrors: { code: ['staff.second_factor_invalid'] },
        });
      }
      request.log.info({ staffId: actor.id }, 'second factor enrolled');
      return {
        success: true as const,
        recovery_codes: result.recoveryCodes,
        message: localize('staff.second_factor_enrolled', requestLanguage(request)),
      };
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Prove the second factor for this session: a code, or a recovery code',
        body: SecondFactorProofSchema,
        response: { 200: SecondFactorVerifyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = staffActor(request);
      await countAttempt(actor.id, request);
      const result = await app.secondFactor.verify(actor, sessionOf(request).id, request.body);
      const lang = requestLanguage(request);
      if (result.kind === 'refused') {
        const field = 'code' in request.body ? 'code' : 'recovery_code';
        throw new HttpError(400, 'staff.second_factor_invalid', {
          fieldErrors: { [field]: ['staff.second_factor_invalid'] },
        });
      }
      if (!result.usedRecoveryCode) {
        return { success: true as const, message: localize('staff.second_factor_verified', lang) };
      }
      const { recoveryCodesLeft } = await app.secondFactor.status(actor.id);
      request.log.warn({ staffId: actor.id, recoveryCodesLeft }, 'recovery code used');
      return {
        success: true as const,
        message: localize('staff.recovery_code_used', lang, { count: recoveryCodesLeft }),
      };
    },
  );

  done();
};

export default secondFactorRoutes;
