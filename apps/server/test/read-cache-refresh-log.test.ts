import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STALE_SERVE_LIMIT_MS } from '../src/db/read-cache';
import { CATALOG_CACHE_TTL_MS } from '../src/modules/catalog/service';
import { buildTestApp, captureLogs, PINO_LEVEL, type LogLine, type TestApp } from './helper';

const REFRESH_FAILED = 'cached value not read again: the last one is served';

describe('a cached value whose refresh fails', () => {
  let t: TestApp;
  let lines: LogLine[];
  beforeAll(async () => {
    const capture = captureLogs();
    lines = capture.lines;
    t = await buildTestApp({ logger: capture.logger });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('is still served, and the failure is logged once with the cache it concerns', async () => {
    const templates = () => t.app.inject({ method: 'GET', url: '/api/v1/website/templates' });
    const fresh = await templates();
    expect(fresh.statusCode).toBe(200);

    // The catalogue's table out of reach, and its cached value past its time limit.
    await t.db.execute(sql`ALTER TABLE license_templates RENAME TO license_templates_away`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + CATALOG_CACHE_TTL_MS + 1);
    try {
      for (let request = 0; request < 3; request += 1) {
        const stale = await templates();
        expect(stale.statusCode).toBe(200);
        expect(stale.json()).toEqual(fresh.json());
        await vi.waitFor(() =>
          expect(lines.filter((line) => line.msg === REFRESH_FAILED)).toHaveLength(1),
        );
      }
      const logged = lines.find((line) => line.msg === REFRESH_FAILED);
      expect(logged?.level).toBe(PINO_LEVEL.warn);
      expect(logged?.cache).toBe('catalogue');
      expect(JSON.stringify(logged?.err)).toContain('license_templates');

      // Past the limit of a stale value, the reader gets the failure itself. A missing table is
      // the server's own fault, a 500; a database out of reach would answer 503.
      vi.setSystemTime(Date.now() + STALE_SERVE_LIMIT_MS);
      expect((await templates()).statusCode).toBe(500);
    } finally {
      vi.useRealTimers();
      await t.db.execute(sql`ALTER TABLE license_templates_away RENAME TO license_templates`);
    }
    expect((await templates()).statusCode).toBe(200);
  });
});
