import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error';

/**
 * Text the database cannot store is refused before it gets there. PostgreSQL text cannot hold
 * U+0000, and a lone UTF-16 surrogate (`"\udc00"` in JSON: half of a character, not Unicode
 * text) cannot be written as UTF-8, which the embedded database fails on with a 500 while a
 * PostgreSQL server may take it. No field of ours has a use for either, so every request whose
 * body or query (keys included) contains one is refused up front with a 400 naming the fields,
 * before validation or any handler runs. Path parameters are left to their routes: they only ever select a row, each
 * checks its format first, and a malformed id is a 404 like any unknown one. Raw bodies (webhooks
 * keep a Buffer) are not walked.
 */

const MAX_DEPTH = 64;
const API_PATH = /^\/(api|website)\//;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What the database cannot store: U+0000, or a surrogate without its other half. */
export const isUnstorableText = (text: string): boolean =>
  text.includes('\u0000') || LONE_SURROGATE.test(text);

function collectNulPaths(value: unknown, path: string, out: string[], depth: number): void {
  if (out.length >= 20 || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (isUnstorableText(value)) out.push(path === '' ? '_' : path);
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
    if (isUnstorableText(key)) out.push(join(path, '_key'));
    collectNulPaths(item, join(path, key), out, depth + 1);
  }
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

function hasAnyKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return value !== undefined;
  for (const _key in value) return true;
  return false;
}

export function findNulCharacters(parts: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [, value] of Object.entries(parts)) collectNulPaths(value, '', out, 0);
  return out;
}

function rejectNul(app: FastifyInstance, _options: unknown, done: () => void): void {
  app.addHook('preValidation', (request, _reply, next) => {
    // Pages (the SPA, /client) ignore their query strings; only the API reads input.
    if (!API_PATH.test(request.url)) return next();
    // A read without a body or a query (most public GETs) has no text to check.
    if (request.body === undefined && !hasAnyKey(request.query)) return next();
    const paths = findNulCharacters({
      body: request.body,
      query: request.query,
    });
    if (paths.length === 0) return next();
    next(
      new HttpError(400, 'server.unstorable_text', {
        fieldErrors: Object.fromEntries(paths.map((path) => [path, ['server.unstorable_text']])),
      }),
    );
  });
  done();
}

export default fp(rejectNul, { name: 'reject-nul' });
