import { LOG_BODY_MAX_BYTES } from '@cadran/domain/logs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/rate-limits';
import { buildTestApp, captureLogs, PINO_LEVEL, type LogLine, type TestApp } from './helper';
import { movableClock, nextWindowStart } from './support/test-clock';

const entry = (overrides: Record<string, unknown> = {}) => ({
  level: 'warning',
  message: 'Prix invalide ignoré',
  context: { templateId: 4, price: '-3' },
  url: 'https://www.cadran.fr/store/cart',
  timestamp: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

describe('client log endpoints', () => {
  let t: TestApp;
  let lines: LogLine[];
  // Each test speaks from its own address so the per-IP limit of one never touches another.
  let nextIp = 1;
  const ip = () => `203.0.113.${nextIp++}`;
  const clientLogs = () => lines.filter((line) => line.source === 'client');
  /** The clock of the per-IP windows: it moves only when a test moves it. */
  const clock = movableClock();
  const MINUTE = 60_000;

  beforeAll(async () => {
    const capture = captureLogs();
    lines = capture.lines;
    t = await buildTestApp({ logger: capture.logger, clock: clock.now });
  });
  afterAll(async () => t.close());

  it('accepts one entry with 202 and writes it to the server log with IP and user agent', async () => {
    const remoteAddress = ip();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress,
      headers: { 'user-agent': 'Mozilla/5.0 Test' },
      payload: entry(),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true });
    const logged = clientLogs().find((line) => line.ip === remoteAddress);
    expect(logged).toMatchObject({
      level: PINO_LEVEL.warn,
      userAgent: 'Mozilla/5.0 Test',
      reqId: res.headers['x-request-id'],
      client: {
        message: 'Prix invalide ignoré',
        url: 'https://www.cadran.fr/store/cart',
        context: { templateId: 4, price: '-3' },
      },
    });
  });

  it('never writes the secrets an address carries: reset and confirmation tokens', async () => {
    const remoteAddress = ip();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress,
      payload: entry({
        level: 'error',
        message: 'Échec de GET /api/v1/website/account/confirm?token=tok-secret-1',
        url: 'https://www.cadran.fr/client/reset-password?token=tok-secret-2#again=tok-secret-3',
        context: { stack: 'at https://www.cadran.fr/client/confirm-email?token=tok-secret-4:1:1' },
      }),
    });
    expect(res.statusCode).toBe(202);
    const logged = clientLogs().find((line) => line.ip === remoteAddress);
    expect(JSON.stringify(logged)).not.toMatch(/tok-secret/);
    expect(logged).toMatchObject({
      client: {
        message: 'Échec de GET /api/v1/website/account/confirm?[redacted]',
        url: 'https://www.cadran.fr/client/reset-password?[redacted]',
        context: { stack: 'at https://www.cadran.fr/client/confirm-email?[redacted]' },
      },
    });
  });

  it('accepts a batch and logs every entry at its level', async () => {
    const remoteAddress = ip();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs/batch',
      remoteAddress,
      payload: {
        logs: [entry({ level: 'info' }), entry({ level: 'error', message: 'Échec du paiement' })],
      },
    });
    expect(res.statusCode).toBe(202);
    const logged = clientLogs().filter((line) => line.ip === remoteAddress);
    expect(logged.map((line) => line.level)).toEqual([PINO_LEVEL.info, PINO_LEVEL.error]);
  });

  it('refuses the debug level with a field error (debug never leaves the browser)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress: ip(),
      payload: entry({ level: 'debug' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Certaines données sont invalides',
      errors: { level: ['Valeur invalide'] },
    });
  });

  it('names each missing field, in the reader language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress: ip(),
      headers: { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' },
      payload: { level: 'info' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ success: boolean; errors: Record<string, string[]> }>();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual({
      message: ['This field is required'],
      timestamp: ['This field is required'],
    });
  });

  it('answers 413 for a single entry above a tenth of the batch limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress: ip(),
      payload: entry({ message: 'x'.repeat(Math.floor(LOG_BODY_MAX_BYTES / 10)) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Requête trop volumineuse' });
  });

  it('answers 413 for a batch above the limit', async () => {
    const big = entry({ message: 'y'.repeat(1900) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs/batch',
      remoteAddress: ip(),
      payload: { logs: Array.from({ length: 40 }, () => big) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers 400 for malformed JSON and 415 for a non-JSON body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress: ip(),
      headers: { 'content-type': 'application/json' },
      payload: '{"level":"info",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      message: 'Le corps de la requête n’est pas un JSON valide.',
    });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress: ip(),
      headers: { 'content-type': 'text/plain' },
      payload: 'level=info',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json<{ success: boolean }>().success).toBe(false);
  });

  it('refuses prototype-pollution payloads and leaves Object.prototype untouched', async () => {
    for (const payload of [
      '{"level":"info","message":"m","timestamp":"2026-03-01T10:00:00Z","context":{"__proto__":{"polluted":"yes"}}}',
      '{"level":"info","message":"m","timestamp":"2026-03-01T10:00:00Z","context":{"constructor":{"prototype":{"polluted":"yes"}}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/website/logs',
        remoteAddress: ip(),
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('keeps context keys from overriding the log record', async () => {
    const remoteAddress = ip();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress,
      payload: entry({
        level: 'info',
        context: { level: 60, msg: 'forged', reqId: 'forged', time: 0 },
      }),
    });
    expect(res.statusCode).toBe(202);
    const logged = clientLogs().find((line) => line.ip === remoteAddress);
    expect(logged?.level).toBe(PINO_LEVEL.info);
    expect(logged?.msg).toBe('client log');
    expect(logged?.reqId).toBe(res.headers['x-request-id']);
  });

  it('limits each IP to 60 entries a minute with 429, Retry-After and a counter in the database', async () => {
    // A fixed window restarts each minute: the hits start where one starts, on the app's clock.
    clock.set(nextWindowStart(clock.now(), MINUTE));
    const remoteAddress = ip();
    const send = (lang = 'fr') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/website/logs',
        remoteAddress,
        headers: { 'accept-language': lang },
        payload: entry({ level: 'info' }),
      });
    for (let i = 0; i < 60; i += 1) expect((await send()).statusCode).toBe(202);

    const limited = await send();
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBe(60);
    expect(limited.json()).toEqual({
      success: false,
      message: `Trop de requêtes, réessayez dans ${seconds} secondes.`,
    });
    expect((await send('en')).json<{ message: string }>().message).toMatch(
      /^Too many requests, try again in \d+ seconds\.$/,
    );

    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `client-logs:${remoteAddress}`));
    expect(row?.count).toBe(62);

    // The next minute opens a new window for the same address.
    clock.advance(MINUTE);
    expect((await send()).statusCode).toBe(202);

    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress: ip(),
      payload: entry(),
    });
    expect(other.statusCode).toBe(202);
  });
});
