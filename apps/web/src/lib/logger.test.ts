import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOG_BATCH_MAX,
  LOG_BODY_MAX_BYTES,
  LOG_CONTEXT_MAX_BYTES,
  LOG_MESSAGE_MAX,
  LogBatchSchema,
  LogEntrySchema,
} from '@cadran/domain/logs';
import { mockFetch } from '@/test/fetch';
import {
  chunkEntries,
  buildEntry,
  createLogger,
  installLoggerLifecycle,
  LOG_FLUSH_DELAY_MS,
  sanitizeContext,
} from './logger';

const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
const NOW = new Date('2026-11-20T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const newLogger = () =>
  createLogger({ now: () => NOW, currentUrl: () => 'http://localhost/pricing' });
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: url as string,
    body: JSON.parse(init?.body as string) as unknown,
  }));

describe('sending', () => {
  it('never sends debug entries', async () => {
    const logger = newLogger();
    logger.debug('cart recomputed', { lines: 2 });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_DELAY_MS * 2);
    await logger.flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(logger.pendingCount()).toBe(0);
  });

  it('sends a lone entry to the single endpoint after a short delay', async () => {
    const logger = newLogger();
    logger.warning('Prix invalide', { price: 'abc' });
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const [request] = sent();
    expect(request?.url).toBe('/api/v1/website/logs');
    expect(LogEntrySchema.parse(request?.body)).toEqual({
      level: 'warning',
      message: 'Prix invalide',
      context: { price: 'abc' },
      url: 'http://localhost/pricing',
      timestamp: NOW.toISOString(),
    });
  });

  it('batches entries logged close together into one request', async () => {
    const logger = newLogger();
    logger.info('one');
    logger.warning('two');
    logger.error('three');
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [request] = sent();
    expect(request?.url).toBe('/api/v1/website/logs/batch');
    const batch = LogBatchSchema.parse(request?.body);
    expect(batch.logs.map((entry) => [entry.level, entry.message])).toEqual([
      ['info', 'one'],
      ['warning', 'two'],
      ['error', 'three'],
    ]);
  });

  it('flushes at once when 10 entries are waiting', async () => {
    const logger = newLogger();
    for (let i = 0; i < 10; i += 1) logger.info(`entry ${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(LogBatchSchema.parse(sent()[0]?.body).logs).toHaveLength(10);
    expect(logger.pendingCount()).toBe(0);
  });

  it('silently ignores network failures and server errors', async () => {
    const logger = newLogger();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    logger.error('first');
    await expect(logger.flush()).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(
      new Response('{"success":false,"message":"boom"}', { status: 500 }),
    );
    logger.error('second');
    await expect(logger.flush()).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('addresses', () => {
  it('never sends the query or fragment of the page: a token may be there', () => {
    const entry = buildEntry(
      'error',
      'Échec',
      undefined,
      new Date(),
      'https://cadran.fr/client/reset-password?token=tok-secret#x',
    );
    expect(entry.url).toBe('https://cadran.fr/client/reset-password?[redacted]');
  });
});

describe('caps of the server schema', () => {
  it('cuts long messages and URLs and keeps empty messages valid', () => {
    const entry = buildEntry(
      'error',
      `  ${'x'.repeat(LOG_MESSAGE_MAX + 50)}  `,
      undefined,
      NOW,
      `http://localhost/${'a'.repeat(5000)}`,
    );
    expect(entry.message).toHaveLength(LOG_MESSAGE_MAX);
    expect(LogEntrySchema.safeParse(entry).success).toBe(true);
    expect(buildEntry('info', '   ', undefined, NOW, '').message).toBe('(empty message)');
  });

  it('makes errors, cycles and bigints serialisable', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const context = sanitizeContext({ error: new TypeError('bad'), cyclic, big: 10n });
    expect(context).toMatchObject({
      error: { name: 'TypeError', message: 'bad' },
      cyclic: { name: 'loop', self: '[Circular]' },
      big: '10',
    });
  });

  it('truncates a context larger than the server accepts', () => {
    const context = sanitizeContext({ dump: '"'.repeat(LOG_CONTEXT_MAX_BYTES * 2) });
    expect(context).toMatchObject({ truncated: true });
    expect(JSON.stringify(context).length).toBeLessThanOrEqual(LOG_CONTEXT_MAX_BYTES);
    expect(LogEntrySchema.safeParse(buildEntry('info', 'big', context, NOW, '')).success).toBe(
      true,
    );
  });

  it('splits large batches by count and by body size', () => {
    const big = { dump: 'é'.repeat(3000) };
    const entries = Array.from({ length: 120 }, (_, i) =>
      buildEntry('info', `entry ${i}`, big, NOW, 'http://localhost/'),
    );
    const chunks = chunkEntries(entries);
    expect(chunks.flat()).toEqual(entries);
    for (const logs of chunks) {
      expect(logs.length).toBeLessThanOrEqual(LOG_BATCH_MAX);
      expect(new TextEncoder().encode(JSON.stringify({ logs })).length).toBeLessThanOrEqual(
        LOG_BODY_MAX_BYTES,
      );
    }
  });
});

/** jsdom's Blob has no text(); FileReader is the portable way to read it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

describe('leaving the page', () => {
  let sendBeacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

  beforeEach(() => {
    sendBeacon = vi.fn<(url: string, data?: BodyInit | null) => boolean>(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('sends what is queued with sendBeacon on pagehide', async () => {
    const logger = newLogger();
    const uninstall = installLoggerLifecycle(logger);
    logger.info('leaving');
    logger.error('still leaving');
    window.dispatchEvent(new Event('pagehide'));
    uninstall();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/website/logs/batch');
    expect(blob).toBeInstanceOf(Blob);
    expect((blob as Blob).type).toBe('application/json');
    vi.useRealTimers();
    expect(LogBatchSchema.parse(JSON.parse(await readBlob(blob as Blob))).logs).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(logger.pendingCount()).toBe(0);
  });

  it('falls back to a keepalive request when the beacon is refused', () => {
    sendBeacon.mockReturnValue(false);
    const logger = newLogger();
    logger.error('leaving');
    logger.flushOnExit();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/website/logs',
      expect.objectContaining({ keepalive: true, method: 'POST' }),
    );
  });
});
