import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, however the driver says it', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
      new AggregateError(
        [withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')],
        'connect failed',
      ),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('looks through the query error Drizzle wraps around the driver error', () => {
    const wrapped = new Error('Failed query: select 1', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves real faults alone: they stay 500s', () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      new Error('Failed query', { cause: withCode('division by zero', '22012') }),
      'not even an error',
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });

  it('does not loop on a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
