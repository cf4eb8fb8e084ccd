import { createHash } from 'node:crypto';

/**
 * Idempotency-Key of order creation (docs/product.md 'Checkout' ('Idempotency')). A browser that
 * times out and submits again, or a double click, must not buy twice: the first order made with a
 * key is the answer to every later request of the same account with that key and the same body.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 200;
/** Visible ASCII only: a key is an opaque token (a UUID in our web app), never free text. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;

export type IdempotencyKeyResult = { ok: true; key: string | null } | { ok: false };

/** Absent header: no idempotency. Present: 1..200 visible ASCII characters, else refused. */
export function readIdempotencyKey(header: string | string[] | undefined): IdempotencyKeyResult {
  if (header === undefined) return { ok: true, key: null };
  if (Array.isArray(header)) return { ok: false };
  if (header.length < 1 || header.length > IDEMPOTENCY_KEY_MAX || !KEY_PATTERN.test(header)) {
    return { ok: false };
  }
  return { ok: true, key: header };
}

/** JSON with object keys sorted at every level, so equal bodies always hash alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Fingerprint of a validated order body. Hashing the parsed body (domains normalised, unknown
 * keys dropped) means two requests that would create the same order count as the same body.
 */
export const requestHash = (body: unknown): string =>
  createHash('sha256').update(canonicalJson(body)).digest('hex');
