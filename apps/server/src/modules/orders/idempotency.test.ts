import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, readIdempotencyKey, requestHash } from './idempotency';
import { isUniqueViolation } from '../../db/unique-violation';

describe('readIdempotencyKey', () => {
  it('treats a missing header as no key and accepts visible ASCII up to 200', () => {
    expect(readIdempotencyKey(undefined)).toEqual({ ok: true, key: null });
    expect(readIdempotencyKey('3f1c9a4e-8b2d-4f6a-9c1e-7d5b2a8e4f10')).toEqual({
      ok: true,
      key: '3f1c9a4e-8b2d-4f6a-9c1e-7d5b2a8e4f10',
    });
    expect(readIdempotencyKey('~'.repeat(200)).ok).toBe(true);
  });

  it.each([[''], ['a'.repeat(201)], ['a b'], ['tab\there'], ['clé'], [['a', 'b']]])(
    'refuses %j',
    (header) => {
      expect(readIdempotencyKey(header)).toEqual({ ok: false });
    },
  );
});

describe('requestHash', () => {
  it('ignores key order at every level, and undefined members', () => {
    const a = { items: [{ b: 1, a: [1, { y: 2, x: 1 }] }], notes: 'x', extra: undefined };
    const b = { notes: 'x', items: [{ a: [1, { x: 1, y: 2 }], b: 1 }] };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(requestHash(a)).toBe(requestHash(b));
  });

  it('differs whenever the JSON value differs', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const same = canonicalJson(a) === canonicalJson(b);
        expect(requestHash(a) === requestHash(b)).toBe(same);
      }),
    );
  });
});

describe('isUniqueViolation', () => {
  const violation = (constraint: string) =>
    Object.assign(new Error('duplicate key'), { code: '23505', constraint });

  it('finds the driver error inside the query wrapper', () => {
    const wrapped = new Error('Failed query', { cause: violation('orders_order_number_unique') });
    expect(isUniqueViolation(wrapped, 'orders_order_number_unique')).toBe(true);
    expect(isUniqueViolation(wrapped, 'orders_user_idempotency_key_unique')).toBe(false);
  });

  it('says no to other errors', () => {
    expect(isUniqueViolation(new Error('boom'), 'x')).toBe(false);
    expect(isUniqueViolation({ code: '23505', constraint: 'x' }, 'x')).toBe(false);
    expect(isUniqueViolation(undefined, 'x')).toBe(false);
  });
});
