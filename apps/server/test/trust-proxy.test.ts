import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

/**
 * A client may send any X-Forwarded-For it likes; a proxy appends the address it saw. Only
 * the entries our own proxies wrote may decide `request.ip`, or a made-up header would start
 * a fresh per-address rate limit with every request.
 */

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.50';

function addTestRoutes(app: FastifyInstance): void {
  app.get('/api/test/whoami', (request) => ({ ip: request.ip }));
  app.get(
    '/api/test/limited',
    { onRequest: app.rateLimiter.hook({ name: 'test-trust-proxy', max: 2, windowMs: 60_000 }) },
    () => ({ success: true }),
  );
}

/** A request as the proxy passes it on: the client's own header, then the address it saw. */
const throughProxy = (url: string, forged: string, client = CLIENT) => ({
  method: 'GET' as const,
  url,
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': `${forged}, ${client}` },
});

describe('TRUST_PROXY=1: one proxy in front', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' }, beforeReady: addTestRoutes });
  });
  afterAll(() => t.close());

  it('takes the address the proxy saw, whatever the client wrote before it', async () => {
    for (const forged of ['198.51.100.1', '1.2.3.4, 5.6.7.8', 'not-an-address']) {
      const res = await t.app.inject(throughProxy('/api/test/whoami', forged));
      expect(res.json(), forged).toEqual({ ip: CLIENT });
    }
  });

  it('keeps answering 429 when each request forges a new address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const res = await t.app.inject(throughProxy('/api/test/limited', `198.51.100.${i}`));
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    // Another real client behind the same proxy has its own limit.
    const other = await t.app.inject(
      throughProxy('/api/test/limited', '198.51.100.1', '192.0.2.7'),
    );
    expect(other.statusCode).toBe(200);
  });

  it('uses the connection address when no proxy header came', async () => {
    const res = await t.app.inject({ url: '/api/test/whoami', remoteAddress: '192.0.2.9' });
    expect(res.json()).toEqual({ ip: '192.0.2.9' });
  });
});

describe('TRUST_PROXY with the proxies addresses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' }, beforeReady: addTestRoutes });
  });
  afterAll(() => t.close());

  const whoami = async (options: InjectOptions) =>
    (await t.app.inject(options)).json<{ ip: string }>().ip;

  it('believes the header from a listed proxy only', async () => {
    expect(await whoami(throughProxy('/api/test/whoami', '198.51.100.1'))).toBe(CLIENT);
    // A client reaching the server directly cannot pass for someone else.
    expect(
      await whoami({
        url: '/api/test/whoami',
        remoteAddress: '192.0.2.9',
        headers: { 'x-forwarded-for': '198.51.100.1' },
      }),
    ).toBe('192.0.2.9');
  });

  it('walks back through a chain of listed proxies to the first address they did not write', async () => {
    expect(
      await whoami({
        url: '/api/test/whoami',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `198.51.100.1, ${CLIENT}, 10.0.0.3` },
      }),
    ).toBe(CLIENT);
  });
});
