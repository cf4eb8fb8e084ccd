import {
  LicenseInstanceParamsSchema,
  OwnedLicenseResponseSchema,
  OwnedLicensesResponseSchema,
} from '@cadran/domain/license-api';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';

const PREFIX = '/api/v1/website/licenses';

const errors = errorAnswers(400, 401, 403, 404);

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
      if (!licence) throw new HttpError(404, 'license.not_found');
      return {
        success: true as const,
        license: licence,
        message: localize('license.deactivated', lang),
      };
    },
  );

  done();
};

export default licenseOwnerRoutes;
