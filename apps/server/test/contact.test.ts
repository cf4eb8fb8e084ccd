import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../src/db/schema/contact';
import { listMail } from '../src/mail/list';
import { buildTestApp, type TestApp } from './helper';
import { freePort } from './support/server-process';

const valid = {
  name: '  Claire Martin  ',
  email: ' claire.martin@atelier-lumen.fr ',
  company: '  Atelier Lumen ',
  subject: 'demo',
  message: '  Bonjour, nous aimerions une démonstration de Cadran pour nos 12 sites clients.  ',
};

let ipCounter = 0;
/** A fresh client address per call site, so the per-IP limit of one test never leaks. */
const nextIp = () => `203.0.113.${++ipCounter}`;

type ErrorBody = { success: false; message: string; errors?: Record<string, string[]> };

describe('POST /api/v1/website/contact and /website/contact', () => {
  let t: TestApp;
  const post = (
    payload: unknown,
    options: { url?: string; ip?: string; lang?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: options.url ?? '/api/v1/website/contact',
      payload: payload as Record<string, unknown>,
      remoteAddress: options.ip ?? nextIp(),
      headers: { 'accept-language': options.lang ?? 'fr-FR,fr;q=0.9', ...options.headers },
    });
  const storedCount = async () => (await t.db.select().from(contactMessages)).length;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores a trimmed message, queues the support notification and writes it to the outbox', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Message envoyé avec succès !' });

    const rows = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'claire.martin@atelier-lumen.fr'));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      name: 'Claire Martin',
      company: 'Atelier Lumen',
      subject: 'demo',
      message: 'Bonjour, nous aimerions une démonstration de Cadran pour nos 12 sites clients.',
      locale: 'fr',
    });
    expect(row.ip).toMatch(/^203\.0\.113\./);
    expect(row.notifiedAt).toBeInstanceOf(Date);

    const [mail] = await listMail(t.db, { kind: 'contact_notification' });
    expect(mail).toMatchObject({
      toAddress: t.config.supportEmail,
      replyTo: 'claire.martin@atelier-lumen.fr',
    });
    expect(mail?.subject).toBe('[Contact · Demande de démonstration] Claire Martin');
    expect(mail?.textBody).toContain(`Référence\u00a0: ${row.id}`);

    await t.app.mailer.drain();
    const files = (await readdir(t.outboxDir)).filter((name) => name.endsWith(`${mail!.id}.eml`));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(t.outboxDir, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${t.config.supportEmail}`);
    // Support's "Reply" goes to the visitor.
    expect(eml).toMatch(/^Reply-To: claire\.martin@atelier-lumen\.fr\r?$/m);
  });

  it('serves the legacy path with the same handler, answering in English for English readers', async () => {
    const res = await post(
      { ...valid, email: 'sam.taylor@example.co.uk', company: '' },
      { url: '/website/contact', lang: 'en-GB,en;q=0.8' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Message sent successfully!' });
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'sam.taylor@example.co.uk'));
    expect(row).toMatchObject({ locale: 'en', company: null });
  });

  describe('refuses each invalid field with its message, storing nothing', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['missing name', { name: undefined }, 'name', 'Le nom est requis'],
      ['blank name', { name: '    ' }, 'name', 'Le nom est requis'],
      [
        'name too long',
        { name: 'N'.repeat(121) },
        'name',
        'Le nom est trop long (120 caractères au maximum)',
      ],
      ['missing email', { email: undefined }, 'email', 'L’email est requis'],
      ['blank email', { email: '  ' }, 'email', 'L’email est requis'],
      ['malformed email', { email: 'claire.martin@' }, 'email', 'Format d’email invalide'],
      [
        'email with a line break',
        { email: 'a@b.fr\r\nBcc: x@y.fr' },
        'email',
        'Format d’email invalide',
      ],
      ['missing subject', { subject: undefined }, 'subject', 'Le sujet est requis'],
      ['empty subject', { subject: '' }, 'subject', 'Le sujet est requis'],
      ['unknown subject', { subject: 'sales' }, 'subject', 'Ce sujet n’existe pas'],
      ['missing message', { message: undefined }, 'message', 'Le message est requis'],
      ['blank message', { message: '        ' }, 'message', 'Le message est requis'],
      [
        'message shorter than 10 after trimming',
        { message: '   Bonjour    ' },
        'message',
        'Le message doit contenir au moins 10 caractères',
      ],
      [
        'message too long',
        { message: 'm'.repeat(5001) },
        'message',
        'Le message est trop long (5 000 caractères au maximum)',
      ],
      [
        'company too long',
        { company: 'C'.repeat(121) },
        'company',
        'Le nom de l’entreprise est trop long (120 caractères au maximum)',
      ],
      ['name of the wrong type', { name: { $gt: '' } }, 'name', 'Le nom est requis'],
    ];
    for (const [label, change, field, message] of cases) {
      it(label, async () => {
        const before = await storedCount();
        const res = await post({ ...valid, ...change });
        expect(res.statusCode).toBe(400);
        const body = res.json<ErrorBody>();
        expect(body.success).toBe(false);
        expect(body.message).toBe('Certaines données sont invalides');
        expect(body.errors?.[field]).toEqual([message]);
        expect(await storedCount()).toBe(before);
      });
    }

    it('reports every invalid field at once, in English for English readers', async () => {
      const res = await post(
        { name: '', email: 'x', subject: '', message: 'short' },
        { lang: 'en' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().errors).toEqual({
        name: ['Name is required'],
        email: ['Invalid email format'],
        subject: ['Subject is required'],
        message: ['Message must be at least 10 characters long'],
      });
    });

    it('refuses a body that is not an object', async () => {
      const res = await post([valid]);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().success).toBe(false);
    });
  });

  it('acknowledges the message to its sender, in their language, without their words', async () => {
    for (const [lang, email, subject, topic] of [
      [
        'fr-FR',
        'accuse.fr@atelier-lumen.fr',
        'Nous avons bien reçu votre message',
        'Sujet : Demande de démonstration',
      ],
      [
        'en-GB,en;q=0.9',
        'ack.en@atelier-lumen.fr',
        'We have received your message',
        'Subject: Demo request',
      ],
    ] as const) {
      const res = await post(
        { ...valid, email, name: 'Buy now at spam.example', message: 'Visit spam.example today' },
        // Its own address: the numbered ones of nextIp are counted for the other tests.
        { lang, ip: '198.51.100.77' },
      );
      expect(res.statusCode).toBe(200);
      const [row] = await t.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, email));
      const mails = await listMail(t.db, { to: email });
      expect(mails).toHaveLength(1);
      const [ack] = mails;
      expect(ack).toMatchObject({
        kind: 'contact_acknowledgement',
        subject,
        replyTo: t.config.supportEmail,
      });
      expect(ack!.textBody).toContain(topic);
      expect(ack!.textBody).toContain(row!.id);
      expect(ack!.textBody).toContain(t.config.supportEmail);
      // A stranger's address may have been typed: nothing the visitor wrote goes to it.
      expect(ack!.textBody).not.toContain('spam.example');
      expect(ack!.htmlBody).not.toContain('spam.example');
    }
  });

  it('answers a bot that fills the honeypot like a person, but stores and sends nothing', async () => {
    const before = await storedCount();
    const mailsBefore = (await listMail(t.db)).length;
    const res = await post({
      ...valid,
      email: 'bot@spam.example',
      website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Message envoyé avec succès !' });
    expect(await storedCount()).toBe(before);
    expect((await listMail(t.db)).length).toBe(mailsBefore);
  });

  it('refuses the sixth message from one address within ten minutes (429), on both paths', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const url = i % 2 === 0 ? '/api/v1/website/contact' : '/website/contact';
      expect((await post(valid, { ip, url })).statusCode).toBe(200);
    }
    const before = await storedCount();
    const refused = await post(valid, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<ErrorBody>()).toEqual({
      success: false,
      message: expect.stringMatching(/^Trop de requêtes, réessayez dans \d+ secondes\.$/) as string,
    });
    expect(await storedCount()).toBe(before);

    const english = await post(valid, { ip, lang: 'en' });
    expect(english.json<ErrorBody>().message).toMatch(
      /^Too many requests, try again in \d+ seconds\.$/,
    );
    expect((await post(valid)).statusCode).toBe(200);
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const before = await storedCount();
    const res = await post({ ...valid, message: 'x'.repeat(40 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Requête trop volumineuse' });
    expect(await storedCount()).toBe(before);
  });

  it('refuses bodies a cross-site HTML form could send (no JSON content type)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/website/contact',
        remoteAddress: nextIp(),
        headers: { 'content-type': type },
        payload: 'name=Eve&email=eve@example.com&subject=other&message=hello+world+again',
      });
      expect(res.statusCode).toBe(415);
    }
  });

  it('keeps line breaks in the name out of the notification headers', async () => {
    const res = await post({
      ...valid,
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await listMail(t.db, {
      subject: '[Contact · Demande de démonstration] Eve Bcc: victim@example.com',
    });
    expect(mail).toBeDefined();
    await t.app.mailer.drain();
    const [file] = (await readdir(t.outboxDir)).filter((name) => name.endsWith(`${mail!.id}.eml`));
    const eml = await readFile(path.join(t.outboxDir, file!), 'utf8');
    const headers = eml.slice(0, eml.indexOf('\n\n'));
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(mail!.textBody).toContain('Nom\u00a0: Eve Bcc: victim@example.com\n');
  });

  it('keeps the message when the notification cannot even be queued', async () => {
    const enqueue = vi
      .spyOn(t.app.mailer, 'enqueue')
      .mockRejectedValueOnce(new Error('mail_queue unavailable'));
    const res = await post({ ...valid, email: 'queue.down@example.fr' });
    expect(res.statusCode).toBe(200);
    // The notification failed; the sender's acknowledgement still went: the message is kept.
    expect(enqueue).toHaveBeenCalledTimes(2);
    enqueue.mockRestore();
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'queue.down@example.fr'));
    expect(row).toBeDefined();
    expect(row?.notifiedAt).toBeNull();
  });
});

describe('contact message when SMTP is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => t.close());

  it('answers success, keeps the message and leaves the notification pending for a retry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/website/contact',
      remoteAddress: '198.51.100.20',
      payload: valid,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    expect(await t.app.mailer.drain()).toBe(0);
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: 'Claire Martin', subject: 'demo' });
    const [mail] = await listMail(t.db, { kind: 'contact_notification' });
    expect(mail).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(mail?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});
