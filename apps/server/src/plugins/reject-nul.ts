import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error';

/**
 * PostgreSQL text cannot hold U+0000: a string carrying it reaches the database only to fail
 * there, as a 500. No field of ours has a use for it, so every request whose body or query
 * contains one is refused up front with a 400 naming the fields, before validation or any
 * handler runs. Path parameters are left to their routes: they only ever select a row, each
 * checks its format first, and a malformed id is a 404 like any unknown one. Raw bodies (webhooks
 * keep a Buffer) are not walked.
 */

const MAX_DEPTH = 64;
const API_PATH = /^\/(api|website)\//;

function collectNulPaths(value: unknown, path: string, out: string[], depth: number): void {
  if (out.length >= 20 || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path === '' ? '_' : path);
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      collectNulPaths(item, join(path, String(index)), out, depth + 1),
    );
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) out.push(join(path, '_key'));
    collectNulPaths(item, join(path, key), out, depth + 1);
  }
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

export function findNulCharacters(parts: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [, value] of Object.entries(parts)) collectNulPaths(value, '', out, 0);
  return out;
}

function rejectNul(app: FastifyInstance, _options: unknown, done: () => void): void {
  app.addHook('preValidation', (request, _reply, next) => {
    // Pages (the SPA, /client) ignore their query strings; only the API reads input.
    if (!API_PATH.test(request.url)) return next();
    const paths = findNulCharacters({
      body: request.body,
      query: request.query,
    });
    if (paths.length === 0) return next();
    next(
      new HttpError(400, 'server.nul_character', {
        fieldErrors: Object.fromEntries(paths.map((path) => [path, ['server.nul_character']])),
      }),
    );
  });
  done();
}

export default fp(rejectNul, { name: 'reject-nul' });
