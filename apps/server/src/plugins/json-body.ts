import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/http-error';

/**
 * JSON request bodies, parsed with Fastify's own parser (which refuses __proto__ and
 * constructor.prototype keys) once their nesting has been measured. No payload of ours is
 * deeper than a handful of levels, yet within the body limit a client can nest thousands:
 * JSON.parse builds that happily, and the first recursive step after it (a schema's
 * JSON.stringify, the logger's serialiser) overflows the stack and answers 500. Found by the
 * route fuzzer on the browser-log batch. Deeper bodies are now a 400 before anything reads them.
 */
export const JSON_MAX_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** True when brackets outside strings nest deeper than `max` levels. Linear, no allocation. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

function jsonBody(app: FastifyInstance, _options: unknown, done: () => void): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, parsed) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      parsed(new HttpError(400, 'server.json_too_deep', { params: { max: JSON_MAX_DEPTH } }));
      return;
    }
    void parse(request, text, parsed);
  });
  done();
}

export default fp(jsonBody, { name: 'json-body' });
