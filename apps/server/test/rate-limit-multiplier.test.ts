import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { buildTestApp, captureLogs, PINO_LEVEL, type TestApp } from './helper';

/**
 * RATE_LIMIT_MULTIPLIER (docs/product.md 'Limits and constants' ('Rate limits')): load tests raise
 * every limit explicitly instead of turning the limits off. Off by default; the server says so in
 * its log whenever it is on.
 */

describe('RATE_LIMIT_MULTIPLIER setting', () => {
  it('is 1 unless set, and accepts only a whole number from 1 up', () => {
    expect(loadConfig({}).rateLimitMultiplier).toBe(1);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '1000' }).rateLimitMultiplier).toBe(1000);
    for (const bad of ['0', '-5', '1.5', 'many', '2000000']) {
      expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('rate limits with a multiplier', () => {
  let t: TestApp;
  const logs = captureLogs();
  const hits = (count: number) =>
    Promise.all(
      Array.from({ length: count }, () =>
        t.app.inject({ method: 'GET', url: '/api/test/limited', remoteAddress: '203.0.113.9' }),
      ),
    );

  beforeAll(async () => {
    t = await buildTestApp({
      env: { RATE_LIMIT_MULTIPLIER: '3' },
      logger: logs.logger,
      beforeReady: (app) => {
        app.get(
          '/api/test/limited',
          {
            onRequest: app.rateLimiter.hook({ name: 'test-multiplied', max: 2, windowMs: 60_000 }),
          },
          () => ({ success: true }),
        );
      },
    });
  });
  afterAll(async () => t.close());

  it('allows max × multiplier hits, then answers 429 as usual', async () => {
    const answers = await hits(7);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(6);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.json()).toMatchObject({ success: false });
    expect(refused[0]?.headers['retry-after']).toBeDefined();
  });

  it('warns in the log that the limits are raised', () => {
    const warning = logs.lines.find((line) => line.rateLimitMultiplier === 3);
    expect(warning?.level).toBe(PINO_LEVEL.warn);
  });

  it('keeps the usual limits without the setting', async () => {
    const plain = await buildTestApp();
    try {
      const results = await Promise.all(
        Array.from({ length: 3 }, () =>
          plain.app.rateLimiter.hit('test:plain', { max: 2, windowMs: 60_000 }),
        ),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(2);
    } finally {
      await plain.close();
    }
  });
});
