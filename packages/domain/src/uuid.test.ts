import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts PostgreSQL uuids in either case', () => {
    expect(isUuid('3f1c9a4e-8b2d-4f6a-9c1e-7d5b2a8e4f10')).toBe(true);
    expect(isUuid('3F1C9A4E-8B2D-4F6A-9C1E-7D5B2A8E4F10')).toBe(true);
  });

  it('refuses anything else, so a URL value never reaches a uuid column', () => {
    for (const value of [
      '',
      '42',
      '3f1c9a4e-8b2d-4f6a-9c1e-7d5b2a8e4f1',
      "' or 1=1 --",
      '3f1c9a4e8b2d4f6a9c1e7d5b2a8e4f10',
    ])
      expect(isUuid(value)).toBe(false);
  });
});
