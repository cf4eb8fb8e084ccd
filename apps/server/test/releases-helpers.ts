import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { StaffRelease, UpdateCheckResponse } from '@cadran/domain/release-api';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { Database } from '../src/db/client';
import { roadmapItems } from '../src/db/schema/roadmap';
import { nextIp } from './auth-helpers';
import { ADMIN } from './staff-helpers';

/** Shared requests of the release suites. */

export const UPDATES = '/api/v1/licenses/updates';

export const releaseBody = (overrides: Record<string, unknown> = {}) => ({
  version: '3.1.0',
  channel: 'stable',
  notes_fr: '## Nouveautés\n\n- Recherche plus rapide',
  notes_en: '## What’s new\n\n- Faster search',
  roadmap_item_ids: [],
  ...overrides,
});

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipartFile(
  bytes: Buffer,
  fileName: string,
  field = 'file',
): { payload: Buffer; contentType: string } {
  const boundary = `----cadran${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function uploadArtifact(
  app: FastifyInstance,
  headers: Record<string, string>,
  releaseId: string,
  bytes: Buffer,
  fileName = 'cadran-cms-3.1.0.zip',
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartFile(bytes, fileName);
  return app.inject({
    method: 'POST',
    url: `${ADMIN}/releases/${releaseId}/artifacts`,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

export async function createRelease(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Promise<StaffRelease> {
  const res = await app.inject({
    method: 'POST',
    url: `${ADMIN}/releases`,
    headers,
    payload: releaseBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create release: ${res.statusCode} ${res.body}`);
  return res.json<{ release: StaffRelease }>().release;
}

export const publish = (app: FastifyInstance, headers: Record<string, string>, id: string) =>
  app.inject({ method: 'POST', url: `${ADMIN}/releases/${id}/publish`, headers });

/** A release with one file, published; its file's bytes. */
export async function publishedRelease(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: { version: string } & Record<string, unknown> = { version: '3.1.0' },
  bytes: Buffer = Buffer.from(`package ${overrides.version}\n`.repeat(50)),
) {
  const release = await createRelease(app, headers, overrides);
  const upload = await uploadArtifact(
    app,
    headers,
    release.id,
    bytes,
    `cadran-cms-${release.version}.zip`,
  );
  if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  const res = await publish(app, headers, release.id);
  if (res.statusCode !== 200) throw new Error(`publish: ${res.statusCode} ${res.body}`);
  return { release: res.json<{ release: StaffRelease }>().release, bytes };
}

export function checkUpdates(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: UPDATES,
    remoteAddress: nextIp(),
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

export type UpdateAnswer = UpdateCheckResponse & { code?: string; message?: string };

/** The artifact signature verified against the published JWKS: its header and payload. */
export async function verifyArtifactSignature(app: FastifyInstance, signature: string) {
  const jwks = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
  const keySet = createLocalJWKSet(jwks.json<JSONWebKeySet>());
  const { payload, protectedHeader } = await compactVerify(signature, keySet, {
    algorithms: ['EdDSA'],
  });
  return {
    protectedHeader,
    payload: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>,
  };
}

/** A download through a link given by the API: path and query, as the server sees them. */
export const download = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url: url.replace(app.config.publicUrl, '') });

export async function roadmapItemId(db: Database, seedKey: string): Promise<number> {
  const [row] = await db
    .select({ id: roadmapItems.id })
    .from(roadmapItems)
    .where(eq(roadmapItems.seedKey, seedKey));
  if (!row) throw new Error(`no roadmap item ${seedKey}`);
  return row.id;
}
