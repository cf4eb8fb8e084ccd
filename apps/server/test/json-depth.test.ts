import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema/contact';
import { JSON_MAX_DEPTH, nestsDeeperThan } from '../src/plugins/json-body';
import { buildTestApp, captureLogs, type LogLine, type TestApp } from './helper';

const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;

const logBatch = (context: string) =>
  `{"logs":[{"level":"info","message":"m","timestamp":"2026-03-01T10:00:00Z","context":${context}}]}`;

describe('nesting depth of JSON bodies', () => {
  it('counts brackets outside strings only, escapes included', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(10)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\\\",${'"b":{'.repeat(4)}}}}}}`, 3)).toBe(true);
  });
});

describe('deeply nested request bodies', () => {
  let t: TestApp;
  let lines: LogLine[];
  let nextIp = 1;
  const ip = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    const capture = captureLogs();
    lines = capture.lines;
    t = await buildTestApp({ logger: capture.logger });
  });
  afterAll(async () => t.close());

  it('answers 400 to a log batch nested thousands of levels deep, and logs nothing', async () => {
    // The fuzzer's case: 8,803 levels fit in the batch body limit and used to overflow the stack.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs/batch',
      remoteAddress: ip(),
      headers: { 'content-type': 'application/json' },
      payload: logBatch(nestedObject(8803)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: `Le corps JSON est trop imbriqué (au plus ${JSON_MAX_DEPTH} niveaux).`,
    });
    expect(lines.filter((line) => line.source === 'client')).toHaveLength(0);
  });

  it('says so in English, and refuses one level past the limit', async () => {
    // The batch wraps the context in three levels: {logs:[{context:...}]}.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs/batch',
      remoteAddress: ip(),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: logBatch(nestedObject(JSON_MAX_DEPTH - 2)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      `The JSON body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`,
    );
  });

  it('accepts a body exactly at the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs/batch',
      remoteAddress: ip(),
      headers: { 'content-type': 'application/json' },
      payload: logBatch(nestedObject(JSON_MAX_DEPTH - 3)),
    });
    expect(res.statusCode).toBe(202);
  });

  it('refuses deep arrays on any route before validation, storing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/contact',
      remoteAddress: ip(),
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Claire","email":"claire@atelier-lumen.fr","subject":"demo","message":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('still parses brackets inside strings as text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/logs',
      remoteAddress: ip(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        level: 'info',
        message: `${'{['.repeat(200)}`,
        timestamp: '2026-03-01T10:00:00Z',
      }),
    });
    expect(res.statusCode).toBe(202);
  });
});
