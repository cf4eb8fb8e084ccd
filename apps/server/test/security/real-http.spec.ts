import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/plugins/security-headers';
import { startRealServer, type RealServer } from './real-server';
import { call, registerClient, type ApiAnswer } from './real-server-api';
import { secretLeaks } from './secrets';

/**
 * The real server over real HTTP (docs/quality.md 'Security'): security headers on every kind of
 * answer (API JSON, HTML, assets, 404s, errors of every status), and malformed HTTP that
 * never reaches Fastify's hooks: the server answers or closes, and keeps serving.
 */

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer(inject('webDist'));
}, 120_000);
afterAll(async () => server?.stop());

const EXPECTED = (url: string) => ({
  'content-security-policy': contentSecurityPolicy(url),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
});

function expectHeaders(label: string, res: ApiAnswer) {
  for (const [name, value] of Object.entries(EXPECTED(server.url))) {
    expect(res.headers.get(name), `${label}: ${name}`).toBe(value);
  }
  expect(res.headers.get('permissions-policy'), label).toContain('camera=()');
}

describe('security headers on every kind of answer (production server)', () => {
  it('API answers of every status, HTML, assets and files', async () => {
    const assets = await readdir(path.join(inject('webDist'), 'assets'));
    const script = assets.find((name) => name.endsWith('.js'));
    const style = assets.find((name) => name.endsWith('.css'));
    const { token } = await registerClient(server.url, {});
    const cases: Array<[string, number, () => Promise<ApiAnswer>]> = [
      ['API JSON', 200, () => call(server.url, 'GET', '/api/v1/website/templates')],
      ['health', 200, () => call(server.url, 'GET', '/api/health')],
      ['HEAD', 200, () => call(server.url, 'HEAD', '/api/v1/website/roadmap')],
      ['signed-in JSON', 200, () => call(server.url, 'GET', '/api/v1/website/auth/me', { token })],
      ['401', 401, () => call(server.url, 'GET', '/api/v1/website/auth/me')],
      [
        '400 validation',
        400,
        () => call(server.url, 'POST', '/api/v1/website/contact', { body: { name: 1 } }),
      ],
      [
        '400 invalid JSON',
        400,
        () => fetchRaw('POST', '/api/v1/website/contact', '{', 'application/json'),
      ],
      [
        '400 undecodable URL',
        400,
        () => call(server.url, 'GET', '/api/v1/website/orders/%E0%A4%A'),
      ],
      [
        '403 CSRF',
        403,
        () =>
          call(server.url, 'POST', '/api/v1/website/auth/logout', {
            headers: {
              cookie: `cadran_session=${token}`,
              origin: 'https://evil.example',
              'content-type': 'application/json',
            },
            body: {},
          }),
      ],
      ['403 admin', 403, () => call(server.url, 'GET', '/api/v1/admin/roadmap', { token })],
      ['404 API', 404, () => call(server.url, 'GET', '/api/v1/website/nothing-here')],
      [
        '404 too-long parameter',
        404,
        () => call(server.url, 'GET', `/api/v1/website/orders/${'a'.repeat(300)}`, { token }),
      ],
      ['404 file', 404, () => call(server.url, 'GET', '/assets/missing-file.js')],
      [
        '413',
        413,
        () =>
          fetchRaw(
            'POST',
            '/api/v1/website/contact',
            JSON.stringify({ message: 'x'.repeat(40_000) }),
            'application/json',
          ),
      ],
      ['415', 415, () => fetchRaw('POST', '/api/v1/website/contact', 'name=x', 'text/plain')],
      ['HTML page', 200, () => call(server.url, 'GET', '/pricing')],
      ['HTML home', 200, () => call(server.url, 'GET', '/')],
      ['client area', 200, () => call(server.url, 'GET', '/client')],
      ['script asset', 200, () => call(server.url, 'GET', `/assets/${script}`)],
      ['style asset', 200, () => call(server.url, 'GET', `/assets/${style}`)],
      [
        'brotli asset',
        200,
        () =>
          call(server.url, 'GET', `/assets/${script}`, { headers: { 'accept-encoding': 'br' } }),
      ],
      ['favicon', 200, () => call(server.url, 'GET', '/favicon.svg')],
      ['robots.txt', 200, () => call(server.url, 'GET', '/robots.txt')],
      ['API documentation', 200, () => call(server.url, 'GET', '/api/docs/json')],
      ['OPTIONS', 404, () => call(server.url, 'OPTIONS', '/api/v1/website/templates')],
    ];
    for (const [label, status, send] of cases) {
      const res = await send();
      expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(status);
      expectHeaders(label, res);
      if (status >= 400 && label !== 'HEAD') {
        expect(res.body, label).toMatchObject({
          success: false,
          message: expect.any(String) as string,
        });
      }
    }
    // Beyond the login limit, the 429 too.
    let limited: ApiAnswer | undefined;
    for (let i = 0; i < 40 && !limited; i += 1) {
      const res = await call(server.url, 'POST', '/api/v1/website/auth/login', {
        headers: { 'x-forwarded-for': '127.9.9.9' },
        body: { email: `essai${i}@exemple.fr`, password: 'Mauvais-Mot-De-Passe' },
      });
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    if (limited) expectHeaders('429', limited);
  });
});

async function fetchRaw(
  method: string,
  urlPath: string,
  body: string,
  contentType: string,
): Promise<ApiAnswer> {
  const res = await fetch(`${server.url}${urlPath}`, {
    method,
    body,
    headers: { 'content-type': contentType },
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // leave empty
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Sends raw bytes and resolves with whatever comes back before the socket closes. */
function rawExchange(bytes: string, timeoutMs = 5000): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    const done = () => {
      socket.destroy();
      resolve(received);
    };
    socket.setTimeout(timeoutMs, done);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('end', done);
    socket.on('error', done);
    socket.on('connect', () => socket.end(bytes));
  });
}

describe('malformed HTTP', () => {
  const host = () => new URL(server.url).host;
  const MALFORMED = [
    'GARBAGE\r\n\r\n',
    'GET / HTTP/9.9\r\n\r\n',
    `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(40_000)}\r\n\r\n`,
    'GET / HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n',
    'POST /api/v1/website/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":1}',
    'POST /api/v1/website/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'POST /api/v1/website/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
    'POST /api/v1/website/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n',
    'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
    `GET /api/health HTTP/1.1\r\nHost: ${'h'.repeat(5000)}\r\n\r\n`,
    'GET /api/v1/website/realtime HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: bad\r\n\r\n',
    'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
  ];

  it('answers with a 4xx or closes, and keeps serving everyone else', async () => {
    for (const request of MALFORMED) {
      const answer = await rawExchange(request.replace(/Host: x/g, `Host: ${host()}`));
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status)
        expect(
          Number(status),
          `${JSON.stringify(request.slice(0, 80))}: ${answer.slice(0, 200)}`,
        ).toBeLessThan(500);
      expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
    }
  });

  it('logged no password, token or secret', () => {
    expect(secretLeaks(server.logLines)).toEqual([]);
  });
});
