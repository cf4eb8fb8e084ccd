import { describe, expect, it } from 'vitest';
import { causeChain, errorCode, someCause } from './error-causes';

describe('the chain of causes of a database error', () => {
  it('lists the error and each one it wraps, outermost first', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505' });
    const query = new Error('Failed query: insert …', { cause: driver });
    expect(causeChain(query)).toEqual([query, driver]);
    expect(someCause(query, (cause) => errorCode(cause) === '23505')).toBe(true);
    expect(someCause(query, (cause) => errorCode(cause) === '55P03')).toBe(false);
  });

  it('stops at what is not an error, and walks a loop once', () => {
    expect(causeChain('23505')).toEqual([]);
    expect(causeChain(new Error('outer', { cause: { code: '23505' } }))).toHaveLength(1);
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(causeChain(b)).toEqual([b, a]);
  });
});
