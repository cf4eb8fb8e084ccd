import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, prepareAnswer } from './prepared-answer';

describe('matchesIfNoneMatch (RFC 9110)', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    [' "x" , "abc" ', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    ['', false],
    [undefined, false],
  ])('%j -> %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});

describe('prepareAnswer', () => {
  it('keeps the text, its bytes, both compressed forms of it, and a strong ETag that follows the text', () => {
    const body = JSON.stringify({ success: true, note: 'Prévu, é'.repeat(50) });
    const answer = prepareAnswer(body);
    expect(answer.body).toBe(body);
    expect(answer.bytes.toString('utf8')).toBe(body);
    expect(answer.bytes.length).toBe(Buffer.byteLength(body));
    expect(brotliDecompressSync(answer.brotli).toString('utf8')).toBe(body);
    expect(gunzipSync(answer.gzip).toString('utf8')).toBe(body);
    expect(answer.etag).toMatch(/^"[\w-]{27}"$/);
    expect(prepareAnswer(body).etag).toBe(answer.etag);
    expect(prepareAnswer(`${body} `).etag).not.toBe(answer.etag);
  });
});
