import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { AUTH, login, me, nextIp, registration, sameOrigin, sessionCookie } from './auth-helpers';
import { buildTestApp, captureLogs, type LogLine, type TestApp } from './helper';

const PASSWORD = 'Secret-Cadran-Unique-8472';

describe('passwords never leave the server', () => {
  let t: TestApp;
  let lines: LogLine[];
  const responses: string[] = [];

  beforeAll(async () => {
    const capture = captureLogs('debug');
    lines = capture.lines;
    t = await buildTestApp({ seed: false, logger: capture.logger });
  });
  afterAll(async () => t.close());

  it('appears in no answer and no log line, through every auth path', async () => {
    const record = <R extends { headers: object; body: string }>(res: R): R => {
      responses.push(JSON.stringify(res.headers), res.body);
      return res;
    };
    const account = registration({ password: PASSWORD });
    const created = record(
      await t.app.inject({
        method: 'POST',
        url: `${AUTH}/register`,
        remoteAddress: nextIp(),
        payload: account,
      }),
    );
    expect(created.statusCode).toBe(201);
    const token = created.json<{ token: string }>().token;

    record(await login(t.app, { email: account.email, password: PASSWORD, remember: true }));
    record(await login(t.app, { email: account.email, password: `${PASSWORD}-faux` }));
    record(await login(t.app, { email: 'inconnu@exemple.fr', password: PASSWORD }));
    // Rejected inputs (too long, wrong type) must not echo the password back either.
    record(await login(t.app, { email: account.email, password: `${PASSWORD}${'x'.repeat(120)}` }));
    record(
      await t.app.inject({
        method: 'POST',
        url: `${AUTH}/register`,
        remoteAddress: nextIp(),
        payload: { ...account, country: 'XX' },
      }),
    );
    record(
      await t.app.inject({
        method: 'POST',
        url: `${AUTH}/register`,
        remoteAddress: nextIp(),
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"a@b.fr","password":"${PASSWORD}"`,
      }),
    );
    record(await me(t.app, sessionCookie(token)));
    record(
      await t.app.inject({
        method: 'POST',
        url: `${AUTH}/logout`,
        headers: { ...sessionCookie(token), ...sameOrigin(t.app) },
        payload: { password: PASSWORD },
      }),
    );

    const [stored] = await t.db.select({ hash: users.passwordHash }).from(users);
    const hashBody = stored!.hash.split('$').pop()!;
    expect(lines.length).toBeGreaterThan(10);
    for (const text of [...responses, ...lines.map((line) => JSON.stringify(line))]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(hashBody);
    }
    // The session token is a credential too: it may be answered, never logged.
    for (const line of lines) expect(JSON.stringify(line)).not.toContain(token);
  });
});
