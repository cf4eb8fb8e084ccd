import { UpdateCheckResponseSchema, UpdateCheckSchema } from '@cadran/domain/release-api';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { errorAnswers } from '../../http/route-schemas';
import { refusal } from '../licenses/api-routes';
import { DOWNLOAD_PATH } from './download-link';
import type { ArtifactRow } from './repository';

/** The bytes as they stream from the store, saved under the artifact's own name. */
function sendArtifact(reply: FastifyReply, artifact: ArtifactRow, stream: Readable) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-type', 'application/octet-stream')
    .header('content-length', String(artifact.size))
    .header('content-disposition', `attachment; filename="${artifact.fileName}"`)
    .send(stream);
}

const FileAnswer = z.string().describe('The file (application/octet-stream)');

const DownloadParamsSchema = z.object({ artifactId: z.string().max(100) });
const DownloadQuerySchema = z.object({
  licence: z.string().max(100).optional(),
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

/**
 * What an installation calls (docs/product.md 'Releases'): the update check, beside the
 * activation API and under its rate limits, and the signed download links it is given.
 */
const releaseApiRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/api/v1/licenses/updates',
    {
      preHandler: app.licenseApiLimit,
      schema: {
        tags: ['licenses'],
        summary: 'Is there an update for this installation? The newest release its licence covers',
        description:
          '`update` is the newest release the licence covers newer than current_version, each file with its SHA-256, its signature (compact JWS, EdDSA, verified with /.well-known/jwks.json; payload { version, file, size, sha256 }) and a download link valid 15 minutes; `newer_not_entitled` the newest one a renewal would unlock. Refusals as activation: license_not_found (404), license_expired, license_suspended, license_revoked (403), rate_limited (429).',
        body: UpdateCheckSchema,
        response: { 200: UpdateCheckResponseSchema, ...errorAnswers(400, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await app.releases.checkForUpdate(request.body, requestLanguage(request));
      if (result.kind === 'refused') throw refusal(result.code);
      return { success: true as const, ...result.answer };
    },
  );

  app.get(
    `${DOWNLOAD_PATH}/:artifactId`,
    {
      schema: {
        tags: ['licenses'],
        summary: 'Download a release file through a signed link (15 minutes)',
        description: 'A link changed in any part or expired answers 403; each download is counted.',
        params: DownloadParamsSchema,
        querystring: DownloadQuerySchema,
        produces: ['application/octet-stream'],
        response: { 200: FileAnswer, ...errorAnswers(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const result = await app.releases.openDownload(request.params.artifactId, request.query);
      if (result.kind === 'refused') {
        throw new HttpError(
          result.status,
          result.status === 403 ? 'release.link_invalid' : 'release.not_found',
        );
      }
      request.log.info({ artifactId: result.artifact.id }, 'release file downloaded');
      return sendArtifact(reply, result.artifact, result.stream);
    },
  );

  done();
};

export default releaseApiRoutes;
