import { describe, expect, it } from 'vitest';
import { signConfirmationToken, verifyConfirmationToken } from './token';

const secret = 'a'.repeat(48);
const id = '3f1b7c2e-9d4a-4b8e-a1c3-5e6f7a8b9c0d';
const now = new Date('2026-11-20T10:00:00Z');
const inAWeek = new Date('2026-11-27T10:00:00Z');

describe('newsletter confirmation tokens', () => {
  it('verifies a token it signed, until it expires', () => {
    const token = signConfirmationToken(secret, id, inAWeek);
    expect(verifyConfirmationToken(secret, token, now)).toEqual({ valid: true, subscriberId: id });
    expect(verifyConfirmationToken(secret, token, inAWeek)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('refuses a token signed with another secret', () => {
    const token = signConfirmationToken('b'.repeat(48), id, inAWeek);
    expect(verifyConfirmationToken(secret, token, now)).toEqual({ valid: false, reason: 'forged' });
  });

  it('refuses a token whose expiry or subscriber was changed', () => {
    const token = signConfirmationToken(secret, id, inAWeek);
    const [tokenId, expiry, mac] = token.split('.') as [string, string, string];
    const later = `${tokenId}.${Number(expiry) + 86_400}.${mac}`;
    const other = `${id.replace('3f1b', '4f1b')}.${expiry}.${mac}`;
    for (const tampered of [later, other]) {
      expect(verifyConfirmationToken(secret, tampered, now)).toEqual({
        valid: false,
        reason: 'forged',
      });
    }
  });

  it('refuses malformed tokens without computing anything', () => {
    for (const token of [
      '',
      'abc',
      `${id}.123`,
      `${id}.x.${'A'.repeat(43)}`,
      `${id}.1.${'A'.repeat(44)}`,
    ]) {
      expect(verifyConfirmationToken(secret, token, now)).toEqual({
        valid: false,
        reason: 'malformed',
      });
    }
  });
});
