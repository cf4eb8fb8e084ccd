import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from './encoding';

/**
 * An answer built once and sent many times (the catalogue, the public roadmap, the pages' HTML):
 * its text, the same text as UTF-8 bytes, the strong ETag of that text, and the text already
 * compressed, so a request costs neither a serialisation, nor an encoding, nor a compression.
 */
export interface PreparedAnswer {
  body: string;
  /** The body encoded once: a string sent would be measured and encoded again per request. */
  bytes: Buffer;
  etag: string;
  brotli: Buffer;
  gzip: Buffer;
}

export function prepareAnswer(body: string): PreparedAnswer {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    body,
    bytes: Buffer.from(body, 'utf8'),
    etag: `"${hash}"`,
    brotli: brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/**
 * RFC 9110 If-None-Match: a list of entity tags or '*', compared weakly (a W/ prefix from an
 * intermediary still matches the same representation).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export interface AnswerHeaders {
  contentType: string;
  cacheControl: string;
  /** Request headers the answer depends on; Accept-Encoding is always one. */
  vary: string[];
}

/** Sends the representation the browser accepts best, or 304 when it already holds it. */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  headers: AnswerHeaders,
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  // Each coding is its own representation, hence its own strong ETag (RFC 9110 8.8.3).
  const etag = encoding === 'identity' ? answer.etag : `${answer.etag.slice(0, -1)}-${encoding}"`;
  reply.header('etag', etag).header('cache-control', headers.cacheControl);
  reply.header('vary', [...headers.vary, 'Accept-Encoding'].join(', '));
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  reply.type(headers.contentType);
  if (encoding === 'identity') return reply.send(answer.bytes);
  return reply
    .header('content-encoding', encoding)
    .send(encoding === 'br' ? answer.brotli : answer.gzip);
}
