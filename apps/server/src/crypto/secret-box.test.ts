import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const SECRET = 'a-session-secret-of-at-least-32-characters!';

describe('secret box', () => {
  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const box = new SecretBox(SECRET, 'totp');
    const first = box.seal('JBSWY3DPEHPK3PXP');
    const second = box.seal('JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(first)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(second)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a box of another purpose, another secret, or one tampered with', () => {
    const sealed = new SecretBox(SECRET, 'totp').seal('JBSWY3DPEHPK3PXP');
    expect(new SecretBox(SECRET, 'other').open(sealed)).toBeUndefined();
    expect(new SecretBox(`${SECRET}x`, 'totp').open(sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const body = parts[3] ?? '';
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    const tampered = [...parts.slice(0, 3), flipped].join('.');
    const box = new SecretBox(SECRET, 'totp');
    expect(box.open(tampered)).toBeUndefined();
    expect(box.open('v2.a.b.c')).toBeUndefined();
    expect(box.open('not a box')).toBeUndefined();
  });
});
