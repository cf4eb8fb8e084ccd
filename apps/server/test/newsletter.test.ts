import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail } from '../src/mail/list';
import { newsletterSubscribers } from '../src/db/schema/newsletter';
import { signConfirmationToken } from '../src/modules/newsletter/token';
import { buildTestApp, type TestApp } from './helper';

let ipCounter = 0;
const nextIp = () => `192.0.2.${++ipCounter}`;

type Answer = { success: boolean; message: string; errors?: Record<string, string[]> };

describe('newsletter double opt-in', () => {
  let t: TestApp;
  const subscribe = (payload: unknown, options: { ip?: string; lang?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/website/newsletter',
      payload: payload as Record<string, unknown>,
      remoteAddress: options.ip ?? nextIp(),
      headers: { 'accept-language': options.lang ?? 'fr' },
    });
  const confirm = (token: unknown, lang = 'fr') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/website/newsletter/confirm',
      payload: { token } as Record<string, unknown>,
      remoteAddress: nextIp(),
      headers: { 'accept-language': lang },
    });
  const subscriber = async (email: string) =>
    (
      await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
    )[0];
  const mailsTo = (email: string) => listMail(t.db, { to: email });
  /** The token of the latest confirmation mail sent to `email`. */
  const tokenFor = async (email: string) => {
    const mails = await mailsTo(email);
    const text = mails.at(-1)?.textBody ?? '';
    const match = /\/newsletter\/confirm\?token=(\S+)/.exec(text);
    if (!match) throw new Error(`no confirmation link in ${text}`);
    return decodeURIComponent(match[1]!);
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores a normalised pending address and mails a signed link in the chosen language', async () => {
    const res = await subscribe({ email: '  Lea.Dubois@Example.FR ', locale: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Inscription réussie !' });

    const row = await subscriber('lea.dubois@example.fr');
    expect(row).toMatchObject({ status: 'pending', locale: 'fr', confirmedAt: null });

    const [mail] = await mailsTo('lea.dubois@example.fr');
    expect(mail).toMatchObject({ kind: 'newsletter_confirmation' });
    expect(mail?.subject).toBe('Confirmez votre inscription à la lettre d’information Cadran');
    expect(mail?.textBody).toContain(`${t.config.publicUrl}/newsletter/confirm?token=`);
    expect(mail?.textBody).toContain('Ce lien est valable 7 jours.');
    expect(mail?.textBody).not.toContain('lea.dubois');

    await t.app.mailer.drain();
    const files = (await readdir(t.outboxDir)).filter((name) => name.endsWith(`${mail!.id}.eml`));
    const eml = await readFile(path.join(t.outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: lea.dubois@example.fr');
  });

  it('writes to an English visitor in English', async () => {
    const res = await subscribe({ email: 'sam@example.co.uk', locale: 'en' }, { lang: 'en-GB' });
    expect(res.json()).toEqual({ success: true, message: 'Subscribed successfully!' });
    const [mail] = await mailsTo('sam@example.co.uk');
    expect(mail?.subject).toBe('Confirm your subscription to the Cadran newsletter');
    // Its links lead to the English pages: the confirmation, the home page, the site.
    expect(mail?.textBody).toContain(`${t.config.publicUrl}/en/newsletter/confirm?token=`);
    expect(mail?.htmlBody).toContain(`href="${t.config.publicUrl}/en/"`);
    expect(mail?.htmlBody).not.toContain(`href="${t.config.publicUrl}"`);
    expect((await subscriber('sam@example.co.uk'))?.locale).toBe('en');
  });

  it('treats subscribing twice as a success, with one row', async () => {
    expect((await subscribe({ email: 'twice@example.fr' })).statusCode).toBe(200);
    const again = await subscribe({ email: 'TWICE@example.fr', locale: 'en' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true });
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'twice@example.fr'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.locale).toBe('en');
  });

  it('survives two simultaneous sign-ups of one address', async () => {
    const answers = await Promise.all([
      subscribe({ email: 'race@example.fr' }),
      subscribe({ email: 'race@example.fr' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'race@example.fr'));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty or malformed address with the form messages, storing nothing', async () => {
    const before = (await t.db.select().from(newsletterSubscribers)).length;
    const cases: Array<[unknown, string]> = [
      [{}, 'L’email est requis'],
      [{ email: '   ' }, 'L’email est requis'],
      [{ email: 'pas-une-adresse' }, 'Format d’email invalide'],
      [{ email: 'a@b.fr\nBcc: c@d.fr' }, 'Format d’email invalide'],
    ];
    for (const [payload, message] of cases) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<Answer>().errors?.email).toEqual([message]);
    }
    const unknownLocale = await subscribe({ email: 'ok@example.fr', locale: 'de' });
    expect(unknownLocale.statusCode).toBe(400);
    expect(unknownLocale.json<Answer>().errors?.locale).toEqual(['Valeur invalide']);
    expect((await t.db.select().from(newsletterSubscribers)).length).toBe(before);
  });

  it('refuses the eleventh sign-up from one address within ten minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await subscribe({ email: `limit${i}@example.fr` }, { ip })).statusCode).toBe(200);
    }
    const refused = await subscribe({ email: 'limit10@example.fr' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<Answer>().message).toMatch(/^Trop de requêtes/);
    expect(await subscriber('limit10@example.fr')).toBeUndefined();
  });

  it('mails one inbox at most three times a day, whoever asks', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await subscribe({ email: 'target@example.fr' })).statusCode).toBe(200);
    }
    expect(await mailsTo('target@example.fr')).toHaveLength(3);
  });

  it('confirms with the mailed link, and a second click changes nothing', async () => {
    await subscribe({ email: 'confirm.me@example.fr' });
    const token = await tokenFor('confirm.me@example.fr');
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Votre inscription à la lettre d’information est confirmée. Merci !',
    });
    const row = await subscriber('confirm.me@example.fr');
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmedAt).toBeInstanceOf(Date);

    expect((await confirm(token)).statusCode).toBe(200);
    expect((await subscriber('confirm.me@example.fr'))?.confirmedAt).toEqual(row?.confirmedAt);

    // Subscribing again once confirmed: success, no new mail, still confirmed.
    expect((await subscribe({ email: 'confirm.me@example.fr' })).statusCode).toBe(200);
    expect(await mailsTo('confirm.me@example.fr')).toHaveLength(1);
    expect((await subscriber('confirm.me@example.fr'))?.status).toBe('confirmed');
  });

  describe('refuses links it did not issue or that expired, changing nothing', () => {
    let id: string;
    let token: string;
    beforeAll(async () => {
      await subscribe({ email: 'careful@example.fr' });
      id = (await subscriber('careful@example.fr'))!.id;
      token = await tokenFor('careful@example.fr');
    });

    const expectRefused = async (candidate: unknown, lang = 'fr') => {
      const res = await confirm(candidate, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json<Answer>().success).toBe(false);
      expect((await subscriber('careful@example.fr'))?.status).toBe('pending');
      return res.json<Answer>();
    };

    it('a forged signature', async () => {
      // A character in the middle of the signature: every bit of it counts.
      const at = token.length - 10;
      const swapped = token[at] === 'A' ? 'B' : 'A';
      const body = await expectRefused(`${token.slice(0, at)}${swapped}${token.slice(at + 1)}`);
      expect(body.message).toBe(
        'Ce lien de confirmation est invalide ou a expiré. Inscrivez-vous de nouveau pour en recevoir un autre.',
      );
    });

    it('the genuine signature spelled another way (same decoded bytes)', async () => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = alphabet.indexOf(token.at(-1)!);
      const respelled = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
      expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(
        Buffer.from(token.split('.')[2]!, 'base64url'),
      );
      await expectRefused(respelled);
    });

    it('a token signed with another secret', async () => {
      await expectRefused(
        signConfirmationToken('z'.repeat(48), id, new Date(Date.now() + 86_400_000)),
      );
    });

    it('an expired token', async () => {
      const body = await expectRefused(
        signConfirmationToken(t.config.sessionSecret, id, new Date(Date.now() - 1000)),
        'en',
      );
      expect(body.message).toBe(
        'This confirmation link is invalid or has expired. Subscribe again to receive a new one.',
      );
    });

    it('a valid signature for a subscriber that does not exist', async () => {
      await expectRefused(
        signConfirmationToken(
          t.config.sessionSecret,
          '00000000-0000-4000-8000-000000000000',
          new Date(Date.now() + 86_400_000),
        ),
      );
    });

    it('malformed, oversized or missing tokens', async () => {
      await expectRefused('not-a-token');
      await expectRefused(`${token}${'A'.repeat(300)}`);
      await expectRefused('');
      await expectRefused(42);
    });

    it('and the genuine link still works afterwards', async () => {
      expect((await confirm(token)).statusCode).toBe(200);
      expect((await subscriber('careful@example.fr'))?.status).toBe('confirmed');
    });
  });

  it('does not bring an unsubscribed address back through an old link', async () => {
    await subscribe({ email: 'left@example.fr' });
    const token = await tokenFor('left@example.fr');
    await t.db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed' })
      .where(eq(newsletterSubscribers.email, 'left@example.fr'));
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await subscriber('left@example.fr'))?.status).toBe('unsubscribed');
  });
});
