import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/http-error';
import { buildTestApp, captureLogs, type LogLine, type TestApp } from './helper';

const OrderLikeSchema = z.object({
  items: z.array(
    z.object({
      quantity: z.number().int().min(1),
      domain: z.string().min(1, 'checkout.domain.required'),
    }),
  ),
  country: z.enum(['FR', 'BE'], { error: 'country.invalid' }),
});

describe('central error handling', () => {
  let t: TestApp;
  let lines: LogLine[];
  beforeAll(async () => {
    const capture = captureLogs();
    lines = capture.lines;
    t = await buildTestApp({
      logger: capture.logger,
      beforeReady: (app) => {
        app.get('/api/test/crash', () => {
          throw new Error('connection to db-internal-7:5432 refused (password=hunter2)');
        });
        app.get('/api/test/conflict', () => {
          throw new HttpError(409, 'error.conflict', {
            fieldErrors: { email: ['error.conflict'] },
          });
        });
        app.post('/api/test/orders', { schema: { body: OrderLikeSchema } }, () => ({
          success: true,
        }));
      },
    });
  });
  afterAll(async () => t.close());

  it('answers 500 with a generic message and logs the details with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Une erreur interne est survenue' });
    expect(res.body).not.toContain('db-internal');
    const logged = lines.find(
      (line) => line.reqId === res.headers['x-request-id'] && line.msg === 'unhandled error',
    );
    expect(logged?.level).toBe(50);
    expect(JSON.stringify(logged)).toContain('db-internal-7');
  });

  it('maps validation issues to dotted field paths with translated messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/orders',
      payload: { items: [{ quantity: 0, domain: '' }], country: 'XX' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      success: boolean;
      message: string;
      errors: Record<string, string[]>;
    }>();
    expect(body.success).toBe(false);
    expect(body.message).toBe('Certaines données sont invalides');
    expect(Object.keys(body.errors).sort()).toEqual([
      'country',
      'items.0.domain',
      'items.0.quantity',
    ]);
    expect(body.errors.country).toEqual(['Ce pays n’est pas pris en charge']);
    expect(body.errors['items.0.quantity']).toEqual(['Valeur hors limites']);
  });

  it('puts root-level problems under "_"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/orders',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['_']);
  });

  it('renders an HttpError with its status, field errors and language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/conflict',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'This resource already exists',
      errors: { email: ['This resource already exists'] },
    });
  });

  it('answers 413 above the 1 MiB default body limit and 400 on an empty JSON body', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/orders',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ items: [], country: 'FR', pad: 'z'.repeat(1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/test/orders',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ success: boolean }>().success).toBe(false);
  });
});

describe('OpenAPI document', () => {
  it('is generated from the zod schemas and browsable at /api/docs', async () => {
    const t = await buildTestApp();
    try {
      const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      const spec = doc.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
      expect(spec.openapi).toBe('3.0.3');
      expect(Object.keys(spec.paths)).toEqual(
        expect.arrayContaining([
          '/api/health',
          '/api/v1/website/logs',
          '/api/v1/website/logs/batch',
        ]),
      );
      expect(JSON.stringify(spec.paths['/api/v1/website/logs'])).toContain('"warning"');
      expect(Object.keys(spec.paths).some((p) => p.startsWith('/client'))).toBe(false);
      const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      await t.close();
    }
  });
});
