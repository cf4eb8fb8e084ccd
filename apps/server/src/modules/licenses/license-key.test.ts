import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LICENSE_KEY_PATTERN, generateLicenseKey } from './license-key';

describe('licence keys', () => {
  it('always has the CDR-XXXXX-XXXXX-XXXXX-XXXXX shape, without look-alike characters', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const key = generateLicenseKey(() => bytes);
        expect(key).toMatch(LICENSE_KEY_PATTERN);
        expect(key.slice(4)).not.toMatch(/[01OI]/);
      }),
    );
  });

  it('draws fresh random keys', () => {
    const keys = new Set(Array.from({ length: 500 }, () => generateLicenseKey()));
    expect(keys.size).toBe(500);
  });
});
