import {
  LicenseInstanceParamsSchema,
  OwnedLicenseResponseSchema,
  OwnedLicensesResponseSchema,
} from '@cadran/domain/license-api';
import { LicenseDomainsResponseSchema, LicenseDomainsSchema } from '@cadran/domain/client-area';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';

const PREFIX = '/api/v1/website/licenses';

const errors = errorAnswers(400, 401, 403, 404);
const changeErrors = errorAnswers(400, 401, 403, 404, 409, 422);
const notFound = () => new HttpError(404, 'license.not_found');

/** The file's name: the key's first group is enough to tell a client's licences apart. */
export const licenseFileName = (key: string): string =>
  `cadran-licence-${key.split('-').slice(0, 2).join('-')}.jws`;

/**
 * The signed-in client's licences (docs/product.md 'Licences' ('In the client area')): the
 * list with their installations, and freeing one. Another account's licence, an unknown one
 * and a malformed id all get the same 404.
 */
const licenseOwnerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.addHook('onRequest', (request, reply, hookDone) => {
    if (request.url.startsWith(PREFIX)) reply.header('cache-control', 'no-store');
    hookDone();
  });

  app.get(
    PREFIX,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['licenses'],
        summary: 'My licences, with their active installations',
        response: { 200: OwnedLicensesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      licenses: await app.licenses.listOwned(currentAccount(request).id, requestLanguage(request)),
    }),
  );

  app.post(
    `${PREFIX}/:id/instances/:instanceId/deactivate`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['licenses'],
        summary: 'Deactivate one installation of one of my licences',
        params: LicenseInstanceParamsSchema,
        response: { 200: OwnedLicenseResponseSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const licence = await app.licenses.deactivateOwned(
        currentAccount(request).id,
        request.params.id,
        request.params.instanceId,
        lang,
      );
      if (!licence) throw notFound();
      return {
        success: true as const,
        license: licence,
        message: localize('license.deactivated', lang),
      };
    },
  );

  app.put(
    `${PREFIX}/:id/domains`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['licenses'],
        summary: 'Replace the domains of one of my licences, within its domain limit',
        params: IdParamsSchema,
        body: LicenseDomainsSchema,
        response: { 200: LicenseDomainsResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const change = await app.licenses.changeDomains(
        currentAccount(request).id,
        request.params.id,
        request.body.domains,
        lang,
      );
      if (change.kind === 'not_found') throw notFound();
      if (change.kind === 'limit_reached') {
        throw new HttpError(422, 'license.domain_limit_reached', {
          params: { limit: change.limit },
          code: 'domain_limit_reached',
        });
      }
      if (change.kind === 'in_use') {
        throw new HttpError(409, 'license.domain_in_use', {
          params: { domain: change.domain },
          code: 'domain_in_use',
        });
      }
      return {
        success: true as const,
        license: change.license,
        message: localize('license.domains_updated', lang),
      };
    },
  );

  app.get(
    `${PREFIX}/:id/file`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['licenses'],
        summary: 'The signed licence file of one of my licences (JWS)',
        produces: ['application/jose'],
        params: IdParamsSchema,
        response: { 200: z.string().describe('The signed licence file'), ...errors },
      },
    },
    async (request, reply) => {
      const owned = await app.licenses.ownedFile(
        currentAccount(request).id,
        request.params.id,
        requestLanguage(request),
      );
      if (!owned) throw notFound();
      return reply
        .header('content-type', 'application/jose')
        .header('content-disposition', `attachment; filename="${licenseFileName(owned.key)}"`)
        .send(owned.file);
    },
  );

  done();
};

export default licenseOwnerRoutes;
