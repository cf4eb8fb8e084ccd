import { count, eq } from 'drizzle-orm';
import type { StaffRelease } from '@cadran/domain/release-api';
import { describe, expect, it } from 'vitest';
import { releaseArtifacts, releases } from '../src/db/schema/releases';
import { roadmapItems } from '../src/db/schema/roadmap';
import { shopSuite } from './orders-helpers';
import {
  createRelease,
  publish,
  releaseBody,
  roadmapItemId,
  sha256,
  uploadArtifact,
  verifyArtifactSignature,
} from './releases-helpers';
import { ADMIN, auditOf, signedInStaff } from './staff-helpers';

/**
 * The back office's releases (docs/product.md 'Releases' ('Back office')): the staff API of a
 * release from draft to published and withdrawn, every bad input refused with nothing changed.
 */

// A 1 MB limit, so the oversized upload stays small.
const t = shopSuite({ env: { ARTIFACT_MAX_MB: '1' } });

const counts = async () => ({
  releases: (await t.db.select({ n: count() }).from(releases))[0]?.n,
  artifacts: (await t.db.select({ n: count() }).from(releaseArtifacts))[0]?.n,
});

const createAs = (headers: Record<string, string>, body: unknown) =>
  t.app.inject({ method: 'POST', url: `${ADMIN}/releases`, headers, payload: body as object });

describe('creating a release', () => {
  it('answers 201 with the draft, its notes and the roadmap items it ships', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const itemId = await roadmapItemId(t.db, 'wordpress-import');
    const res = await createAs(
      staff.cookie,
      releaseBody({ version: '3.0.0', roadmap_item_ids: [itemId] }),
    );
    expect(res.statusCode).toBe(201);
    const { release } = res.json<{ release: StaffRelease }>();
    expect(release).toMatchObject({
      version: '3.0.0',
      channel: 'stable',
      state: 'draft',
      published_at: null,
      roadmap_items: [{ id: itemId, status: 'planned' }],
      artifacts: [],
      downloads: 0,
    });
    const [entry] = await auditOf(t.db, release.id);
    expect(entry?.action).toBe('release.create');
  });

  it.each([
    ['a malformed semver', { version: 'v3.2' }, 400, 'Version invalide'],
    ['a version with build metadata', { version: '3.2.0+build.1' }, 400, 'Version invalide'],
    ['an unknown channel', { version: '3.2.0', channel: 'nightly' }, 400, 'Canal inconnu'],
    ['empty notes', { version: '3.2.0', notes_en: '  ' }, 400, 'notes de version'],
    ['an item twice', { version: '3.2.0', roadmap_item_ids: [1, 1] }, 400, 'deux fois'],
    ['an unknown item', { version: '3.2.0', roadmap_item_ids: [999_999] }, 422, 'introuvable'],
  ])('refuses %s and writes nothing', async (_case, overrides, status, message) => {
    const staff = await signedInStaff(t.app, t.db);
    const before = await counts();
    const res = await createAs(staff.cookie, releaseBody(overrides));
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string; errors?: object }>()).toMatchObject({ success: false });
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a version already used with a 409, in English when asked', async () => {
    const staff = await signedInStaff(t.app, t.db);
    await createRelease(t.app, staff.cookie, { version: '3.3.0' });
    const before = await counts();
    const res = await createAs(
      { ...staff.cookie, 'accept-language': 'en' },
      releaseBody({ version: '3.3.0' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('This version already exists');
    expect(await counts()).toEqual(before);
  });

  it('is for staff only: a client gets 403, a visitor 401', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/releases`,
      payload: releaseBody({ version: '3.4.0' }),
    });
    expect(anonymous.statusCode).toBe(401);
    const client = await createAs(t.alice.headers, releaseBody({ version: '3.4.0' }));
    expect(client.statusCode).toBe(403);
    const support = await signedInStaff(t.app, t.db, 'support');
    expect((await createAs(support.cookie, releaseBody({ version: '3.4.0' }))).statusCode).toBe(
      403,
    );
  });
});

describe('uploading a file', () => {
  it('streams it into the store and answers its size, SHA-256 and a signature the published key verifies', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const release = await createRelease(t.app, staff.cookie, { version: '3.5.0' });
    const bytes = Buffer.from('Cadran CMS 3.5.0\n'.repeat(4000));
    const res = await uploadArtifact(
      t.app,
      { ...staff.cookie, 'x-cadran-upload': '1' },
      release.id,
      bytes,
      'cadran-cms-3.5.0.zip',
    );
    expect(res.statusCode).toBe(201);
    const { artifact } = res.json<{
      artifact: { file: string; size: number; sha256: string; signature: string };
    }>();
    expect(artifact).toMatchObject({
      file: 'cadran-cms-3.5.0.zip',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    const verified = await verifyArtifactSignature(t.app, artifact.signature);
    expect(verified.payload).toEqual({
      version: '3.5.0',
      file: 'cadran-cms-3.5.0.zip',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(verified.protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'cadran-artifact+jws' });
  });

  it('refuses a multipart upload from the browser without the upload header (a forged form)', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const release = await createRelease(t.app, staff.cookie, { version: '3.5.1' });
    const before = await counts();
    const res = await uploadArtifact(t.app, staff.cookie, release.id, Buffer.from('x'));
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'cadran.zip', 400, 'Le fichier est vide'],
    ['a file over the size limit', Buffer.alloc(1024 * 1024 + 1, 1), 'cadran.zip', 413, '1 Mo'],
    [
      'a name with spaces and quotes',
      Buffer.from('x'),
      'mon "fichier".zip',
      400,
      'Nom de fichier invalide',
    ],
  ])('refuses %s and keeps nothing', async (_case, bytes, name, status, message) => {
    const staff = await signedInStaff(t.app, t.db);
    const release = await createRelease(t.app, staff.headers, {
      version: `3.6.${bytes.length % 97}-${status}`,
    });
    const before = await counts();
    const res = await uploadArtifact(t.app, staff.headers, release.id, bytes, name);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a second file of the same name, and a body that is not multipart', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const release = await createRelease(t.app, staff.headers, { version: '3.7.0' });
    expect(
      (await uploadArtifact(t.app, staff.headers, release.id, Buffer.from('a'))).statusCode,
    ).toBe(201);
    const again = await uploadArtifact(t.app, staff.headers, release.id, Buffer.from('b'));
    expect(again.statusCode).toBe(409);
    const json = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/releases/${release.id}/artifacts`,
      headers: { ...staff.headers, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    // Said to be multipart, but no part in it: no file to read, a 400 and nothing stored.
    for (const payload of ['email=a%40b.fr&password=x', '------cadran\r\nContent-Disp']) {
      const malformed = await t.app.inject({
        method: 'POST',
        url: `${ADMIN}/releases/${release.id}/artifacts`,
        headers: { ...staff.headers, 'content-type': 'multipart/form-data; boundary=----cadran' },
        payload,
      });
      expect(malformed.statusCode, payload).toBe(400);
      expect(malformed.json<{ message: string }>().message).toBe(
        'Joignez un fichier (champ « file »)',
      );
    }
    const unknown = await uploadArtifact(
      t.app,
      staff.headers,
      '00000000-0000-4000-8000-000000000000',
      Buffer.from('a'),
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('publishing and withdrawing', () => {
  it('refuses to publish a release without a file', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const release = await createRelease(t.app, staff.headers, { version: '3.8.0' });
    const res = await publish(t.app, staff.headers, release.id);
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(releases).where(eq(releases.id, release.id));
    expect(row?.state).toBe('draft');
  });

  it('publishes once: dated, its items done, then no more files; withdrawn, it is kept', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const itemId = await roadmapItemId(t.db, 'mobile-app');
    const release = await createRelease(t.app, staff.headers, {
      version: '3.9.0',
      roadmap_item_ids: [itemId],
    });
    await uploadArtifact(t.app, staff.headers, release.id, Buffer.from('bytes'));
    const [first, second] = await Promise.all([
      publish(t.app, staff.headers, release.id),
      publish(t.app, staff.headers, release.id),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const [item] = await t.db.select().from(roadmapItems).where(eq(roadmapItems.id, itemId));
    expect(item?.status).toBe('done');
    const late = await uploadArtifact(
      t.app,
      staff.headers,
      release.id,
      Buffer.from('late'),
      'late.zip',
    );
    expect(late.statusCode).toBe(409);

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/releases/${release.id}/withdraw`,
      headers: staff.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<{ release: StaffRelease }>().release.state).toBe('withdrawn');
    expect((await publish(t.app, staff.headers, release.id)).statusCode).toBe(409);
    const actions = (await auditOf(t.db, release.id)).map((entry) => entry.action);
    expect(actions).toEqual([
      'release.create',
      'release.add_artifact',
      'release.publish',
      'release.withdraw',
    ]);
  });
});
