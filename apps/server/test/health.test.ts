import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

describe('GET /api/health', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 200 ok when the database answers', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 degraded, not 500, once the database is gone', async () => {
    t = await buildTestApp();
    // Let the mail worker's first pass finish: a pg pool closed under a waiting query
    // leaves that query pending forever.
    await t.app.mailer.drain();
    await t.database.close();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      status: 'degraded',
      database: 'unavailable',
      message: 'The database is not responding.',
    });
  });
});
