import { describe, expect, it } from 'vitest';
import { countOf } from '../src/cli/words';

describe('command line counts', () => {
  it('writes the singular for one and the plural otherwise, never "(s)"', () => {
    expect(countOf(1, 'licence', 'licences')).toBe('1 licence');
    expect(countOf(3, 'licence', 'licences')).toBe('3 licences');
    expect(countOf(0, 'session', 'sessions')).toBe('0 sessions');
  });
});
