import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogs, type TestApp } from './helper';

// Query strings can carry short-lived secrets (the realtime token): they never reach the log.
describe('request log lines', () => {
  const capture = captureLogs('info');
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp({ logger: capture.logger });
  });
  afterAll(async () => ctx.close());

  it('are one per request, with method, path, status and duration but not the query', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health?token=super-secret-value' });
    const text = JSON.stringify(capture.lines);
    expect(text).not.toContain('super-secret-value');
    const lines = capture.lines.filter((line) => line.msg === 'request completed') as {
      req?: { method?: string; url?: string };
      res?: { statusCode?: number };
      responseTime?: number;
    }[];
    expect(lines).toHaveLength(1);
    expect(lines[0]?.req).toMatchObject({ method: 'GET', url: '/api/health?[redacted]' });
    expect(lines[0]?.res).toEqual({ statusCode: 200 });
    expect(lines[0]?.responseTime).toBeGreaterThanOrEqual(0);
    expect(capture.lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});
