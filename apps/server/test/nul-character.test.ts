import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema/contact';
import { roadmapItems } from '../src/db/schema/roadmap';
import { buildTestApp, type TestApp } from './helper';
import { bearerHeaders, signedInAdmin } from './realtime-helpers';

const FR_REFUSAL =
  'Texte non accepté : il contient le caractère nul (U+0000) ou un caractère Unicode incomplet.';
const EN_REFUSAL =
  'Text not accepted: it holds the null character (U+0000) or an incomplete Unicode character.';

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
      message: FR_REFUSAL,
      errors: { description: [FR_REFUSAL] },
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
      name: [EN_REFUSAL],
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

  it('refuses lone surrogates before the database, on every route, and stores nothing', async () => {
    const lone = '\udc00'.repeat(10);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/contact',
      headers: { 'content-type': 'application/json' },
      // Written by hand: JSON's own escapes, as an attacker sends them.
      payload: `{"name":"Claire","email":"claire@atelier-lumen.fr","subject":"demo","message":"${'\\udc00'.repeat(10)}"}`,
    });
    expect(contact.statusCode, contact.body).toBe(400);
    expect(contact.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      message: [FR_REFUSAL],
    });
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);

    for (const text of [lone, 'avant\ud800après', '\udbff', 'fin\ud83d']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/roadmap',
        headers: admin,
        payload: { title: text, description: 'x', status: 'planned' },
      });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
    }
    const inKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/newsletter',
      payload: { email: 'a@b.fr', ['\ud800']: 1 },
    });
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('_key');
    // A whole character (two halves) is text like any other.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/contact',
      payload: {
        name: 'Claire 😀',
        email: 'claire@atelier-lumen.fr',
        subject: 'demo',
        message: 'Bonjour, une démonstration SVP 😀',
      },
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });
});
