import {
  REALTIME_LIMITS,
  REALTIME_TOKEN_PATH,
  RealtimeTokenResponseSchema,
} from '@cadran/domain/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeTokens } from '../src/modules/realtime/token';
import { nextIp } from './auth-helpers';
import { buildTestApp, type TestApp } from './helper';
import { issueToken } from './realtime-helpers';

describe('realtime token (GET /realtime/token)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('issues a short-lived signed token with a random client id', async () => {
    const res = await t.app.inject({ url: REALTIME_TOKEN_PATH, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = RealtimeTokenResponseSchema.parse(res.json());
    expect(body.client_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const lifetime = Date.parse(body.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(REALTIME_LIMITS.tokenTtlMs - 5_000);
    expect(lifetime).toBeLessThanOrEqual(REALTIME_LIMITS.tokenTtlMs);
    const check = t.app.realtime.tokens.verify(body.token);
    expect(check).toMatchObject({ ok: true, clientId: body.client_id });
    const second = (await issueToken(t.app)).clientId;
    expect(second).not.toBe(body.client_id);
  });

  it('is rate limited per address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push(
        (await t.app.inject({ url: REALTIME_TOKEN_PATH, remoteAddress: ip })).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('RealtimeTokens', () => {
  const secret = 's'.repeat(40);

  it('expires', () => {
    let now = 1_000_000;
    const tokens = new RealtimeTokens(secret, 60_000, () => now);
    const { token } = tokens.issue();
    now += 59_999;
    expect(tokens.verify(token).ok).toBe(true);
    now += 1;
    expect(tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses forged, tampered and foreign tokens', () => {
    const tokens = new RealtimeTokens(secret);
    const { token } = tokens.issue();
    const [version, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { cid: string };
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: Date.now() + 86_400_000 }));
    expect(tokens.verify(`${version}.${longer.toString('base64url')}.${signature}`)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(new RealtimeTokens('t'.repeat(40)).verify(token).ok).toBe(false);
    // The genuine signature spelled another way still decodes to the same bytes: refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature!.at(-1)!);
    for (const respelled of [`${signature!.slice(0, -1)}${alphabet[last ^ 1]}`, `${signature}=`]) {
      expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature!, 'base64url'));
      expect(tokens.verify(`${version}.${body}.${respelled}`)).toEqual({
        ok: false,
        reason: 'bad_signature',
      });
    }
    for (const bad of [
      '',
      'v1',
      'v1..',
      `v2.${body}.${signature}`,
      `${token}.x`,
      'x'.repeat(600),
    ]) {
      expect(tokens.verify(bad), bad).toMatchObject({ ok: false });
    }
  });
});
