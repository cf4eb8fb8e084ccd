import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema/contact';
import { roadmapItems } from '../src/db/schema/roadmap';
import { buildTestApp, type TestApp } from './helper';
import { bearerHeaders, signedInAdmin } from './realtime-helpers';

/**
 * PostgreSQL text refuses U+0000. Found by the route fuzzer: a NUL inside a roadmap
 * description reached the INSERT and came back as a 500. Such input is now a 400 everywhere,
 * and nothing is stored.
 */
describe('NUL characters in input', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = bearerHeaders((await signedInAdmin(t.app, t.db)).token);
  });
  afterAll(async () => t.close());

  it('refuses an admin roadmap item whose text holds a NUL, and stores nothing', async () => {
    const before = (await t.db.select().from(roadmapItems)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/roadmap',
      headers: admin,
      payload: { title: 'Export', description: 'avant\u0000après', status: 'planned' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Le caractère nul (U+0000) n’est pas accepté.',
      errors: { description: ['Le caractère nul (U+0000) n’est pas accepté.'] },
    });
    expect((await t.db.select().from(roadmapItems)).length).toBe(before);
  });

  it('refuses a contact message with a NUL in a nested position, in English too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/contact',
      headers: { 'accept-language': 'en' },
      payload: {
        name: 'Claire\u0000',
        email: 'claire@atelier-lumen.fr',
        subject: 'demo',
        message: 'Bonjour, une démonstration SVP.',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      name: ['The null character (U+0000) is not accepted.'],
    });
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('refuses NUL in query strings; a NUL in an id is just an unknown id (404)', async () => {
    const inQuery = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/templates?lang=fr%00',
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('lang');
    const inPath = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/orders/number/CAD-%00',
      headers: admin,
    });
    expect(inPath.statusCode).toBe(404);
  });
});
