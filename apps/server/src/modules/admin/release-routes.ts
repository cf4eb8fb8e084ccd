import multipart from '@fastify/multipart';
import {
  ArtifactResponseSchema,
  ReleaseCreateSchema,
  ReleaseUpdateSchema,
  StaffReleaseListResponseSchema,
  StaffReleaseResponseSchema,
} from '@cadran/domain/release-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import type { StaffOutcome } from '../releases/staff-releases';
import { artifactView, staffReleaseView } from '../releases/views';
import { RELEASE_VOTERS_JOB } from '../releases/voter-jobs';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404, 409, 413, 415, 422);

/** The outcome's value, or its refusal as an HTTP error in the reader's language. */
function valueOf<T>(outcome: StaffOutcome<T>): T {
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.key);
  return outcome.value;
}

/**
 * Back-office releases (docs/product.md 'Releases' ('Back office')): create a draft, change
 * it, upload its files (multipart, field `file`, streamed to the store), publish (its items
 * move to done and their voters are told), withdraw; every release with its download counts.
 * Mounted under /api/v1/admin, whose guard has already required staff.
 */
const adminReleaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.releases.artifactMaxBytes;
  await app.register(multipart, {
    // One file and nothing else; a byte over the limit is enough for the upload to refuse it.
    limits: { files: 1, fields: 0, parts: 1, fileSize: maxBytes + 1 },
  });

  app.get(
    '/releases',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Every release, drafts and withdrawn ones included, with download counts',
        response: { 200: StaffReleaseListResponseSchema, ...errors },
      },
    },
    async () => ({
      success: true as const,
      releases: (await app.releases.listForStaff()).map(staffReleaseView).reverse(),
    }),
  );

  app.get(
    '/releases/:id',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'One release',
        params: IdParamsSchema,
        response: { 200: StaffReleaseResponseSchema, ...errors },
      },
    },
    async (request) => {
      const record = await app.releases.findForStaff(request.params.id);
      if (!record) throw new HttpError(404, 'release.not_found');
      return { success: true as const, release: staffReleaseView(record) };
    },
  );

  app.post(
    '/releases',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a release (a draft): version, channel, notes in French and English, items',
        body: ReleaseCreateSchema,
        response: { 201: StaffReleaseResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const record = valueOf(await app.releases.create(request.body, staffActor(request)));
      request.log.info({ releaseId: record.release.id }, 'release created');
      return reply.code(201).send({ success: true as const, release: staffReleaseView(record) });
    },
  );

  app.patch(
    '/releases/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a draft: channel, notes, roadmap items',
        params: IdParamsSchema,
        body: ReleaseUpdateSchema,
        response: { 200: StaffReleaseResponseSchema, ...errors },
      },
    },
    async (request) => {
      const record = valueOf(
        await app.releases.update(request.params.id, request.body, staffActor(request)),
      );
      return { success: true as const, release: staffReleaseView(record) };
    },
  );

  app.post(
    '/releases/:id/artifacts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload a file of a draft (multipart/form-data, field `file`), streamed',
        description:
          'Answers the artifact with its size, SHA-256 and signature. An empty file is a 400, a file over ARTIFACT_MAX_MB a 413, a name already used a 409. Browsers send the header x-cadran-upload: 1.',
        params: IdParamsSchema,
        response: { 201: ArtifactResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'release.multipart_required');
      // A body said to be multipart that holds no part (a cut or foreign body) makes the reader
      // throw: no file can be read from it, the same 400 as a form without one.
      const part = await request.file().catch(() => undefined);
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw new HttpError(400, 'release.file_required');
      }
      const outcome = await app.releases
        .addArtifact(
          request.params.id,
          { fileName: part.filename, stream: part.file },
          staffActor(request),
        )
        .catch((error: unknown) => {
          // The multipart reader's own limit may trip before ours: the same refusal.
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            return { ok: false as const, status: 413, key: 'release.file_too_large' as const };
          }
          throw error;
        });
      if (!outcome.ok) {
        throw new HttpError(outcome.status, outcome.key, {
          params: { limit: Math.round(maxBytes / (1024 * 1024)) },
        });
      }
      request.log.info(
        { releaseId: request.params.id, size: outcome.value.size },
        'release file stored',
      );
      return reply
        .code(201)
        .send({ success: true as const, artifact: artifactView(outcome.value) });
    },
  );

  app.post(
    '/releases/:id/publish',
    {
      schema: {
        tags: ['admin'],
        summary: 'Publish a draft: its items move to done and their voters are e-mailed',
        params: IdParamsSchema,
        response: { 200: StaffReleaseResponseSchema, ...errors },
      },
    },
    async (request) => {
      const record = valueOf(await app.releases.publish(request.params.id, staffActor(request)));
      request.log.info({ releaseId: record.release.id }, 'release published');
      app.jobs.wake(RELEASE_VOTERS_JOB.name);
      return { success: true as const, release: staffReleaseView(record) };
    },
  );

  app.post(
    '/releases/:id/withdraw',
    {
      schema: {
        tags: ['admin'],
        summary: 'Withdraw a published release: no longer offered nor downloadable, kept',
        params: IdParamsSchema,
        response: { 200: StaffReleaseResponseSchema, ...errors },
      },
    },
    async (request) => {
      const record = valueOf(await app.releases.withdraw(request.params.id, staffActor(request)));
      request.log.info({ releaseId: record.release.id }, 'release withdrawn');
      return { success: true as const, release: staffReleaseView(record) };
    },
  );
};

export default adminReleaseRoutes;
