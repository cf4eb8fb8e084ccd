import { translateMessage } from '@cadran/domain/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTokens } from '../src/db/schema/account-tokens';
import { users } from '../src/db/schema/users';
import {
  ACCOUNT,
  AUTH,
  linkToken,
  mailsTo,
  me,
  member,
  pageHeaders,
  postAnonymous,
  send,
} from './account-helpers';
import { login, sessionCookie } from './auth-helpers';
import { buildTestApp, suiteFixture } from './helper';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Profile, e-mail and password changes, and sessions (docs/product.md 'Accounts and sessions'). */
describe('account settings', () => {
  const t = suiteFixture(() => buildTestApp({ seed: false }));

  describe('profile', () => {
    it('answers the profile and saves a partial change with the checkout’s VAT rules', async () => {
      const alice = await member(t.app);
      const read = await send(t.app, 'GET', `${ACCOUNT}/profile`, alice.headers);
      expect(read.statusCode).toBe(200);
      expect(read.headers['cache-control']).toBe('no-store');
      expect(read.json()).toMatchObject({
        profile: {
          email: alice.email,
          email_verified: false,
          first_name: 'Camille',
          vat_number: null,
          locale: 'fr',
          pending_email: null,
        },
      });

      const saved = await send(t.app, 'PATCH', `${ACCOUNT}/profile`, alice.headers, {
        city: '  Lyon ',
        vat_number: 'fr 40 303265045',
        locale: 'en',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        profile: { city: 'Lyon', vat_number: 'FR40303265045', locale: 'en', first_name: 'Camille' },
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, alice.userId));
      expect(row).toMatchObject({ city: 'Lyon', vatNumber: 'FR40303265045', locale: 'en' });
    });

    it('refuses invalid fields, changing nothing', async () => {
      const alice = await member(t.app);
      for (const [patch, field] of [
        [{ vat_number: 'FR00000000000' }, 'vat_number'],
        // A French number no longer matches once the country becomes Germany.
        [{ vat_number: 'FR40303265045', country: 'DE' }, 'vat_number'],
        [{ phone: 'not a phone' }, 'phone'],
        [{ first_name: '   ' }, 'first_name'],
        [{ country: 'XX' }, 'country'],
      ] as const) {
        const res = await send(t.app, 'PATCH', `${ACCOUNT}/profile`, alice.headers, patch);
        expect(res.statusCode, JSON.stringify(patch)).toBe(400);
        expect(Object.keys(res.json<{ errors: object }>().errors)).toContain(field);
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, alice.userId));
      expect(row).toMatchObject({ vatNumber: null, country: 'FR', firstName: 'Camille' });
    });

    it('keeps a French company’s SIREN, Luhn-checked, for its next orders', async () => {
      const alice = await member(t.app);
      const wrongKey = async (language: 'fr' | 'en') => {
        const headers = { ...alice.headers, 'accept-language': language };
        const res = await send(t.app, 'PATCH', `${ACCOUNT}/profile`, headers, {
          company: 'Atelier Fèvre SARL',
          siren: '732 829 321',
        });
        expect(res.statusCode).toBe(400);
        return res.json<{ errors: Record<string, string[]> }>().errors.siren;
      };
      // In the visitor's language.
      expect(await wrongKey('fr')).toEqual([translateMessage('billing.siren.invalid', 'fr')]);
      expect(await wrongKey('en')).toEqual([
        'The SIREN is not valid (9 digits with a check digit)',
      ]);
      const germanVat = await send(t.app, 'PATCH', `${ACCOUNT}/profile`, alice.headers, {
        siren: '732829320',
        country: 'DE',
      });
      expect(germanVat.statusCode).toBe(400);
      const [unchanged] = await t.db.select().from(users).where(eq(users.id, alice.userId));
      expect(unchanged).toMatchObject({ siren: null, company: 'Atelier Martin', country: 'FR' });

      const saved = await send(t.app, 'PATCH', `${ACCOUNT}/profile`, alice.headers, {
        company: 'Atelier Fèvre SARL',
        siren: '732 829 320',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ profile: { siren: '732829320' } });
      const [row] = await t.db.select().from(users).where(eq(users.id, alice.userId));
      expect(row?.siren).toBe('732829320');
      // The account as the site reads it: checkout fills the SIREN of the next order with it.
      const me = await send(t.app, 'GET', '/api/v1/website/auth/me', alice.headers);
      expect(me.json()).toMatchObject({ user: { siren: '732829320' } });
      // Emptied, it is gone.
      await send(t.app, 'PATCH', `${ACCOUNT}/profile`, alice.headers, { siren: '' });
      const [cleared] = await t.db.select().from(users).where(eq(users.id, alice.userId));
      expect(cleared?.siren).toBeNull();
    });

    it('needs a session and a page of the site', async () => {
      const alice = await member(t.app);
      expect((await send(t.app, 'GET', `${ACCOUNT}/profile`, {})).statusCode).toBe(401);
      const forged = await send(
        t.app,
        'PATCH',
        `${ACCOUNT}/profile`,
        {
          ...sessionCookie(alice.token),
          origin: 'https://evil.example',
          'content-type': 'application/json',
        },
        { city: 'Ailleurs' },
      );
      expect(forged.statusCode).toBe(403);
      const [row] = await t.db.select().from(users).where(eq(users.id, alice.userId));
      expect(row?.city).toBe('Paris');
    });
  });

  describe('e-mail change', () => {
    it('needs the password, mails the new address and tells the former one once done', async () => {
      const alice = await member(t.app);
      const wrong = await send(t.app, 'POST', `${ACCOUNT}/email`, alice.headers, {
        new_email: 'nouvelle@exemple.fr',
        password: 'Pas-le-bon-mot-2024',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ code: 'password_wrong' });

      const newEmail = `nouvelle.${alice.userId.slice(0, 8)}@exemple.fr`;
      const asked = await send(t.app, 'POST', `${ACCOUNT}/email`, alice.headers, {
        new_email: newEmail.toUpperCase(),
        password: alice.password,
      });
      expect(asked.statusCode).toBe(202);
      const profile = await send(t.app, 'GET', `${ACCOUNT}/profile`, alice.headers);
      expect(profile.json()).toMatchObject({
        profile: { email: alice.email, pending_email: newEmail },
      });

      const token = await linkToken(t.db, newEmail, 'confirm-email');
      const done = await postAnonymous(t.app, `${AUTH}/email/confirm`, { token });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ user: { email: newEmail, email_verified: true } });
      const [notice] = await mailsTo(t.db, alice.email, 'account_email_changed');
      expect(notice?.textBody).toContain('n•••@exemple.fr');
      expect((await login(t.app, { email: newEmail, password: alice.password })).statusCode).toBe(
        200,
      );
      expect(
        (await login(t.app, { email: alice.email, password: alice.password })).statusCode,
      ).toBe(401);
    });

    it('answers the same for a taken address, telling only its owner', async () => {
      const alice = await member(t.app);
      const bob = await member(t.app);
      const free = await send(t.app, 'POST', `${ACCOUNT}/email`, alice.headers, {
        new_email: `libre.${bob.userId.slice(0, 8)}@exemple.fr`,
        password: alice.password,
      });
      const taken = await send(t.app, 'POST', `${ACCOUNT}/email`, alice.headers, {
        new_email: bob.email,
        password: alice.password,
      });
      expect(taken.statusCode).toBe(free.statusCode);
      expect(taken.body).toBe(free.body);
      expect(await mailsTo(t.db, bob.email, 'account_email_taken')).toHaveLength(1);
      const links = await t.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.newEmail, bob.email));
      expect(links).toEqual([]);
    });
  });

  describe('password change', () => {
    it('needs the current password and a password that is not breached', async () => {
      const alice = await member(t.app);
      const wrong = await send(t.app, 'POST', `${ACCOUNT}/password`, alice.headers, {
        current_password: 'Pas-le-bon-mot-2024',
        new_password: 'Nouveau-Cadran-2026',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ code: 'password_wrong' });
      const breached = await send(t.app, 'POST', `${ACCOUNT}/password`, alice.headers, {
        current_password: alice.password,
        new_password: 'iloveyou123',
      });
      expect(breached.statusCode).toBe(400);
      expect(breached.json()).toMatchObject({ errors: { new_password: [expect.any(String)] } });
    });

    it('changes it and ends every other session, keeping this one', async () => {
      const alice = await member(t.app);
      const other = await login(t.app, { email: alice.email, password: alice.password });
      const otherToken = other.json<{ token: string }>().token;
      const res = await send(t.app, 'POST', `${ACCOUNT}/password`, alice.headers, {
        current_password: alice.password,
        new_password: 'Nouveau-Cadran-2026',
      });
      expect(res.statusCode).toBe(200);
      expect((await me(t.app, alice.token)).statusCode).toBe(200);
      expect((await me(t.app, otherToken)).statusCode).toBe(401);
      const fresh = await login(t.app, { email: alice.email, password: 'Nouveau-Cadran-2026' });
      expect(fresh.statusCode).toBe(200);
      // The owner is told, once, with the address to write to if it was not them.
      const notices = await mailsTo(t.db, alice.email, 'account_password_changed');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.subject).toBe('Le mot de passe de votre compte Cadran a changé');
      expect(notices[0]!.textBody).toContain('depuis votre espace client');
      expect(notices[0]!.textBody).toContain(t.config.supportEmail);
    });

    it('sends no notice when the current password is wrong', async () => {
      const alice = await member(t.app);
      const wrong = await send(t.app, 'POST', `${ACCOUNT}/password`, alice.headers, {
        current_password: 'Pas-le-bon-mot-2024',
        new_password: 'Nouveau-Cadran-2026',
      });
      expect(wrong.statusCode).toBe(403);
      expect(await mailsTo(t.db, alice.email, 'account_password_changed')).toHaveLength(0);
    });
  });

  describe('sessions', () => {
    const signIn = async (email: string, password: string) => {
      const res = await login(t.app, { email, password }, { 'user-agent': CHROME_LINUX });
      return res.json<{ token: string }>().token;
    };
    type Listed = { sessions: Array<{ id: string; current: boolean; device: string | null }> };
    const list = async (token: string) =>
      (await send(t.app, 'GET', `${ACCOUNT}/sessions`, pageHeaders(t.app, token))).json<Listed>();

    it('lists the sessions with their browser and marks the current one', async () => {
      const alice = await member(t.app);
      const laptop = await signIn(alice.email, alice.password);
      const { sessions } = await list(laptop);
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((session) => session.current)).toHaveLength(1);
      expect(sessions.find((session) => session.current)?.device).toBe('Chrome · Linux');
    });

    it('ends one of the owner’s sessions; another account’s or a malformed id is 404', async () => {
      const alice = await member(t.app);
      const bob = await member(t.app);
      const laptop = await signIn(alice.email, alice.password);
      const laptopId = (await list(laptop)).sessions.find((session) => session.current)?.id;
      const bobsId = (await list(bob.token)).sessions[0]?.id;
      for (const id of [bobsId, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const res = await send(t.app, 'DELETE', `${ACCOUNT}/sessions/${id}`, alice.headers, {});
        expect(res.statusCode).toBe(404);
      }
      expect((await me(t.app, bob.token)).statusCode).toBe(200);

      const ended = await send(
        t.app,
        'DELETE',
        `${ACCOUNT}/sessions/${laptopId}`,
        alice.headers,
        {},
      );
      expect(ended.statusCode).toBe(200);
      expect((await me(t.app, laptop)).statusCode).toBe(401);
      expect((await me(t.app, alice.token)).statusCode).toBe(200);
    });

    it('ends every other session at once', async () => {
      const alice = await member(t.app);
      const tokens = [
        await signIn(alice.email, alice.password),
        await signIn(alice.email, alice.password),
      ];
      const res = await send(t.app, 'POST', `${ACCOUNT}/sessions/end-others`, alice.headers, {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ended: 2 });
      for (const token of tokens) expect((await me(t.app, token)).statusCode).toBe(401);
      expect((await list(alice.token)).sessions).toHaveLength(1);
    });
  });
});
