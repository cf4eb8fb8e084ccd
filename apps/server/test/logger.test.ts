import { describe, expect, it } from 'vitest';
import { captureLogs } from './helper';

describe('server logger', () => {
  it('redacts credentials and password fields', () => {
    const { logger, lines } = captureLogs();
    logger.info(
      {
        req: { headers: { authorization: 'Bearer abc.def', cookie: 'cadran_session=s3cr3t' } },
        body: { email: 'claire@example.fr', password: 'hunter2', password_confirmation: 'hunter2' },
        user: { passwordHash: '$argon2id$v=19$...' },
        token: 'opaque-session-token',
      },
      'login attempt',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['abc.def', 's3cr3t', 'hunter2', '$argon2id', 'opaque-session-token']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('claire@example.fr');
    expect(lines[0]).toMatchObject({ body: { password: '[redacted]' }, service: 'cadran-server' });
  });

  it('censors secrets three levels deep and leaves the logged objects untouched', () => {
    const { logger, lines } = captureLogs();
    const logged = {
      res: { headers: { 'set-cookie': 'cadran_session=s3cr3t; HttpOnly' } },
      change: { account: { newPassword: 'n3w-pass', currentPassword: '0ld-pass' } },
      count: 3,
    };
    logger.info(logged, 'deep');
    const text = JSON.stringify(lines);
    for (const secret of ['s3cr3t', 'n3w-pass', '0ld-pass']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      res: { headers: { 'set-cookie': '[redacted]' } },
      change: { account: { newPassword: '[redacted]' } },
      count: 3,
    });
    // The caller's object is not rewritten by logging it.
    expect(logged.change.account.newPassword).toBe('n3w-pass');
  });

  it('keeps a Fastify request to what its serializer writes: no headers, no query', () => {
    const { logger, lines } = captureLogs();
    class FakeRequest {
      method = 'POST';
      url = '/api/v1/website/auth/login?token=abc';
      ip = '203.0.113.9';
      headers = { 'user-agent': 'Navigateur', authorization: 'Bearer zzz', cookie: 'a=b' };
    }
    logger.info({ req: new FakeRequest() }, 'request completed');
    expect(lines[0]?.req).toEqual({
      method: 'POST',
      url: '/api/v1/website/auth/login?[redacted]',
      remoteAddress: '203.0.113.9',
      userAgent: 'Navigateur',
    });
  });
});
