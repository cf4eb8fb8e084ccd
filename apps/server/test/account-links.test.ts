import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTokens } from '../src/db/schema/account-tokens';
import { sessions, users } from '../src/db/schema/users';
import { hashToken } from '../src/modules/auth/tokens';
import {
  AUTH,
  forgot,
  linkToken,
  mailsTo,
  me,
  member,
  postAnonymous,
  send,
} from './account-helpers';
import { login, sessionCookie } from './auth-helpers';
import { buildTestApp, suiteFixture } from './helper';

/**
 * The mailed links (docs/product.md 'Accounts and sessions'): the forgotten password and the
 * confirmation of an address, with the attacks on their tokens.
 */
describe('mailed account links', () => {
  const t = suiteFixture(() => buildTestApp({ seed: false }));
  const reset = (token: unknown, password = 'Nouveau-Cadran-2026') =>
    postAnonymous(t.app, `${AUTH}/password/reset`, { token, password });
  const confirm = (token: unknown) => postAnonymous(t.app, `${AUTH}/email/confirm`, { token });
  const expectInvalid = (res: Awaited<ReturnType<typeof reset>>) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'token_invalid' });
  };

  describe('forgotten password', () => {
    it('answers a known and an unknown address alike, and mails only the account', async () => {
      const alice = await member(t.app);
      const known = await forgot(t.app, alice.email.toUpperCase());
      const unknown = await forgot(t.app, 'personne.inconnue@exemple.fr');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toMatchObject({ success: true });
      expect(known.headers['cache-control']).toBe('no-store');

      const [mail] = await mailsTo(t.db, alice.email, 'account_password_reset');
      expect(mail?.subject).toBe('Choisissez un nouveau mot de passe pour votre compte Cadran');
      expect(mail?.htmlBody).toContain('/client/reset-password?token=');
      expect(await mailsTo(t.db, 'personne.inconnue@exemple.fr')).toEqual([]);
      // Only the hash of the link is stored.
      const token = await linkToken(t.db, alice.email, 'reset-password');
      const rows = await t.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, alice.userId));
      const resetRow = rows.find((row) => row.purpose === 'password_reset');
      expect(resetRow?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('sets the password, ends every session and spends the link', async () => {
      const alice = await member(t.app);
      const second = await login(t.app, { email: alice.email, password: alice.password });
      const secondToken = second.json<{ token: string }>().token;
      await forgot(t.app, alice.email);
      const token = await linkToken(t.db, alice.email, 'reset-password');

      const res = await reset(token);
      expect(res.statusCode).toBe(200);
      expect((await me(t.app, alice.token)).statusCode).toBe(401);
      expect((await me(t.app, secondToken)).statusCode).toBe(401);
      const left = await t.db.select().from(sessions).where(eq(sessions.userId, alice.userId));
      expect(left).toEqual([]);
      const old = await login(t.app, { email: alice.email, password: alice.password });
      expect(old.statusCode).toBe(401);
      const fresh = await login(t.app, { email: alice.email, password: 'Nouveau-Cadran-2026' });
      expect(fresh.statusCode).toBe(200);

      // Reused: refused, and the password stays the one just chosen.
      expectInvalid(await reset(token, 'Encore-Un-Autre-2026'));
      const again = await login(t.app, { email: alice.email, password: 'Nouveau-Cadran-2026' });
      expect(again.statusCode).toBe(200);
      // One notice for the one reset that worked, saying it was the link.
      const notices = await mailsTo(t.db, alice.email, 'account_password_changed');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.textBody).toContain('par le lien de réinitialisation');
    });

    it('refuses an expired link', async () => {
      const alice = await member(t.app);
      await forgot(t.app, alice.email);
      const token = await linkToken(t.db, alice.email, 'reset-password');
      await t.db.execute(
        sql`update account_tokens set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`,
      );
      expectInvalid(await reset(token));
      expect((await me(t.app, alice.token)).statusCode).toBe(200);
      expect(await mailsTo(t.db, alice.email, 'account_password_changed')).toHaveLength(0);
    });

    it('refuses forged and malformed links, in the visitor’s language', async () => {
      expectInvalid(await reset('A'.repeat(43)));
      expectInvalid(await reset('not-a-token'));
      const english = await send(
        t.app,
        'POST',
        `${AUTH}/password/reset`,
        { 'accept-language': 'en', 'content-type': 'application/json' },
        { token: 'B'.repeat(43), password: 'Nouveau-Cadran-2026' },
      );
      expect(english.statusCode).toBe(400);
      expect(english.json<{ message: string }>().message).toMatch(/invalid, has expired/);
    });

    it('refuses a link meant for something else, and leaves it usable for its purpose', async () => {
      const alice = await member(t.app);
      const confirmToken = await linkToken(t.db, alice.email, 'confirm-email');
      expectInvalid(await reset(confirmToken));
      expect((await confirm(confirmToken)).statusCode).toBe(200);
    });

    it('refuses a breached password without spending the link', async () => {
      const alice = await member(t.app);
      await forgot(t.app, alice.email);
      const token = await linkToken(t.db, alice.email, 'reset-password');
      const res = await reset(token, 'motdepasse');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { password: [expect.any(String)] } });
      expect((await reset(token)).statusCode).toBe(200);
    });

    it('keeps only the latest link of an account working', async () => {
      const alice = await member(t.app);
      await forgot(t.app, alice.email);
      const first = await linkToken(t.db, alice.email, 'reset-password');
      await forgot(t.app, alice.email);
      const second = await linkToken(t.db, alice.email, 'reset-password');
      expect(second).not.toBe(first);
      expectInvalid(await reset(first));
      expect((await reset(second)).statusCode).toBe(200);
    });

    it('limits the requests per e-mail address, known or not', async () => {
      const email = 'limite@exemple.fr';
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await forgot(t.app, email)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
    });
  });

  describe('e-mail confirmation', () => {
    it('mails the link at registration and confirms the address once', async () => {
      const alice = await member(t.app);
      const meBefore = await me(t.app, alice.token);
      expect(meBefore.json()).toMatchObject({ user: { email_verified: false } });
      const [mail] = await mailsTo(t.db, alice.email, 'account_email_confirm');
      expect(mail?.subject).toBe('Confirmez votre adresse e-mail pour votre compte Cadran');

      const token = await linkToken(t.db, alice.email, 'confirm-email');
      const res = await confirm(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        user: { id: alice.userId, email: alice.email, email_verified: true },
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, alice.userId));
      expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await me(t.app, alice.token)).json()).toMatchObject({
        user: { email_verified: true },
      });
      expectInvalid(await confirm(token));
    });

    it('sends the link again to a signed-in owner only, and only the latest works', async () => {
      const alice = await member(t.app);
      const first = await linkToken(t.db, alice.email, 'confirm-email');
      const anonymous = await postAnonymous(t.app, `${AUTH}/email/resend`, {});
      expect(anonymous.statusCode).toBe(401);

      const res = await send(t.app, 'POST', `${AUTH}/email/resend`, alice.headers, {});
      expect(res.statusCode).toBe(202);
      const second = await linkToken(t.db, alice.email, 'confirm-email');
      expect(second).not.toBe(first);
      expectInvalid(await confirm(first));
      expect((await confirm(second)).statusCode).toBe(200);
    });

    it('refuses a resend from another site', async () => {
      const alice = await member(t.app);
      const res = await send(
        t.app,
        'POST',
        `${AUTH}/email/resend`,
        {
          ...sessionCookie(alice.token),
          origin: 'https://evil.example',
          'content-type': 'application/json',
        },
        {},
      );
      expect(res.statusCode).toBe(403);
      expect(await mailsTo(t.db, alice.email, 'account_email_confirm')).toHaveLength(1);
    });
  });
});
