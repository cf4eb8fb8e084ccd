import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedStep, codeAt, enrolmentOf, newTotpSecret } from './totp';

const at = (iso: string) => new Date(iso);

describe('TOTP', () => {
  it('matches the RFC 6238 test vector (SHA-1, 8 digits shown as 6)', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s gives 94287082.
    const secret = Secret.fromUTF8('12345678901234567890').base32;
    expect(codeAt(secret, new Date(59_000))).toBe('287082');
    const eight = new TOTP({ secret: Secret.fromBase32(secret), digits: 8 });
    expect(eight.generate({ timestamp: 59_000 })).toBe('94287082');
  });

  it('accepts the code of now and one step either side, and nothing further', () => {
    const secret = newTotpSecret();
    const now = at('2026-11-24T10:00:15Z');
    const step = Math.floor(now.getTime() / 30_000);
    expect(acceptedStep(secret, codeAt(secret, now), now, null)).toBe(step);
    const early = new Date(now.getTime() - 30_000);
    const late = new Date(now.getTime() + 30_000);
    expect(acceptedStep(secret, codeAt(secret, early), now, null)).toBe(step - 1);
    expect(acceptedStep(secret, codeAt(secret, late), now, null)).toBe(step + 1);
    const stale = new Date(now.getTime() - 90_000);
    expect(acceptedStep(secret, codeAt(secret, stale), now, null)).toBeUndefined();
    expect(acceptedStep(secret, '000000', now, null)).toBeUndefined();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    const secret = newTotpSecret();
    const now = at('2026-11-24T10:00:15Z');
    const step = acceptedStep(secret, codeAt(secret, now), now, null);
    expect(step).toBeDefined();
    expect(acceptedStep(secret, codeAt(secret, now), now, step ?? null)).toBeUndefined();
    const before = new Date(now.getTime() - 30_000);
    expect(acceptedStep(secret, codeAt(secret, before), now, step ?? null)).toBeUndefined();
  });

  it('gives authenticator apps an otpauth URI and its QR code', async () => {
    const secret = newTotpSecret();
    const { uri, qrSvg } = await enrolmentOf(secret, 'ops@cadran.fr');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Cadran:ops%40cadran\.fr\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Cadran');
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
