import {
  JwksSchema,
  LicenseActivateResponseSchema,
  LicenseActivateSchema,
  LicenseDeactivateResponseSchema,
  LicenseDeactivateSchema,
  LicenseValidateResponseSchema,
  LicenseValidateSchema,
  type LicenseRefusalCode,
} from '@cadran/domain/license-api';
import type { MessageKey } from '@cadran/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers } from '../../http/route-schemas';
import { BatchedRateLimiter } from '../../plugins/batched-rate-limit';
import { runPeriodically } from '../../plugins/periodic-task';

const PREFIX = '/api/v1/licenses';

/**
 * Per address and per key (docs/product.md 'Limits and constants' ('Rate limits')): an
 * installation validates once a day, an agency's server hosts many installations behind one
 * address, and a script guessing keys is held back by its address.
 */
export const LICENSE_API_RATE_LIMIT = {
  windowMs: 60 * 1000,
  perAddress: 300,
  perKey: 30,
} as const;

/** Each refusal's status and message; `code` is the stable value installations switch on. */
const REFUSALS: Record<LicenseRefusalCode, [number, MessageKey]> = {
  license_not_found: [404, 'license.not_found'],
  instance_not_found: [404, 'license.instance_not_found'],
  domain_not_allowed: [422, 'license.domain_not_allowed'],
  activation_limit_reached: [409, 'license.activation_limit_reached'],
  license_expired: [403, 'license.expired'],
  license_suspended: [403, 'license.suspended'],
  license_revoked: [403, 'license.revoked'],
};

export const refusal = (code: LicenseRefusalCode): HttpError => {
  const [status, key] = REFUSALS[code];
  return new HttpError(status, key, { code });
};

const errors = errorAnswers(400, 403, 404, 409, 413, 415, 422, 429);

/** How often this process writes its counts to the shared rows and reads the totals back. */
const LIMIT_EXCHANGE_MS = 1_000;

/**
 * Counts the request against its address and its key (docs/decisions/019-validate-hot-path.md):
 * in memory, exchanged with the other processes through the database every second.
 */
export function limitLicenseApi(app: FastifyInstance) {
  const { windowMs, perAddress, perKey } = LICENSE_API_RATE_LIMIT;
  const limiter = new BatchedRateLimiter(app.db, windowMs, app.config.rateLimitMultiplier);
  runPeriodically(app, LIMIT_EXCHANGE_MS, 'licence API rate limits not exchanged', () =>
    limiter.flush(),
  );
  app.addHook('onClose', async () => {
    await limiter.flush().catch((error: unknown) => {
      app.log.warn({ err: error }, 'licence API rate limits not written at close');
    });
  });
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    // A preHandler: the body is already validated, so the key is there, normalised.
    const { license_key: key } = request.body as { license_key: string };
    const result = limiter.hit([
      { key: `license-api-ip:${request.ip}`, max: perAddress },
      { key: `license-api-key:${key}`, max: perKey },
    ]);
    if (result.allowed) {
      done();
      return;
    }
    done(
      new HttpError(429, 'server.rate_limited', {
        code: 'rate_limited',
        params: { seconds: result.retryAfterSeconds },
        headers: { 'retry-after': String(result.retryAfterSeconds) },
      }),
    );
  };
}

/**
 * The activation API a Cadran CMS installation calls (docs/product.md 'Licences'
 * ('Activation API')) and the keys that verify its licence files. Public, JSON in and out,
 * never cached; refusals carry a stable `code`.
 */
const licenseApiRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const limit = app.licenseApiLimit;

  app.addHook('onRequest', (request, reply, hookDone) => {
    if (request.url.startsWith(PREFIX)) reply.header('cache-control', 'no-store');
    hookDone();
  });

  app.post(
    `${PREFIX}/activate`,
    {
      preHandler: limit,
      schema: {
        tags: ['licenses'],
        summary: 'Activate an installation of a licence on a domain',
        description:
          'Refusals carry `code`: license_not_found (404), domain_not_allowed (422), activation_limit_reached (409), license_expired, license_suspended, license_revoked (403), rate_limited (429). The same domain and name already active answer 200 with that installation.',
        body: LicenseActivateSchema,
        response: {
          200: LicenseActivateResponseSchema,
          201: LicenseActivateResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      const result = await app.licenses.activate(request.body, lang);
      if (result.kind === 'refused') throw refusal(result.code);
      if (result.kind === 'activated') {
        request.log.info(
          { license: result.license.key.slice(0, 9), instanceId: result.instance.id },
          'licence installation activated',
        );
      }
      return reply.code(result.kind === 'activated' ? 201 : 200).send({
        success: true as const,
        instance: result.instance,
        license: result.license,
        license_file: result.licenseFile,
      });
    },
  );

  app.post(
    `${PREFIX}/validate`,
    {
      preHandler: limit,
      schema: {
        tags: ['licenses'],
        summary: 'Check a licence (and one installation of it); answers its signed licence file',
        description:
          'valid is true while the licence is active or in its 14 days of grace and, when instance_id is given, that installation is active on it. Unknown key: 404 license_not_found.',
        body: LicenseValidateSchema,
        response: { 200: LicenseValidateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await app.licenses.validate(request.body, requestLanguage(request));
      if (result.kind === 'refused') throw refusal(result.code);
      // Written once per answer kept in the cache; a JSON string is sent as it is.
      const answer: z.infer<typeof LicenseValidateResponseSchema> = {
        success: true,
        valid: result.valid,
        status: result.license.status,
        license: result.license,
        instance: result.instance,
        license_file: result.licenseFile,
      };
      result.body ??= JSON.stringify(answer);
      // The type provider expects the object; Fastify sends a string with a JSON type as is.
      return reply
        .type('application/json; charset=utf-8')
        .send(result.body as unknown as typeof answer);
    },
  );

  app.post(
    `${PREFIX}/deactivate`,
    {
      preHandler: limit,
      schema: {
        tags: ['licenses'],
        summary: 'Deactivate an installation: its place is free again',
        body: LicenseDeactivateSchema,
        response: { 200: LicenseDeactivateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const result = await app.licenses.deactivate(request.body, lang);
      if (result.kind === 'refused') throw refusal(result.code);
      return {
        success: true as const,
        license: result.license,
        message: localize('license.deactivated', lang),
      };
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Public keys (Ed25519) that verify licence files, by key id',
        response: { 200: JwksSchema },
      },
    },
    (_request, reply) => {
      // Keys change only with a rotation, and retired ones stay listed: an hour is safe.
      reply.header('cache-control', 'public, max-age=3600');
      return { keys: app.licenses.publicKeys };
    },
  );

  done();
};

export default licenseApiRoutes;
