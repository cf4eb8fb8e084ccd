import {
  StaffMessageResponseSchema,
  StaffMessagesResponseSchema,
} from '@cadran/domain/staff-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessageReplies, contactMessages } from '../src/db/schema/contact';
import { listMail } from '../src/mail/list';
import { buildTestApp, suiteFixture } from './helper';
import { ADMIN_API, auditOf, expectStaffGuard, signedInStaff } from './staff-guard-helpers';

/**
 * Contact messages in the back office (docs/product.md 'Back office' ('Messages')): statuses,
 * replies e-mailed in the sender's language and kept with the staff member's address.
 */

const t = suiteFixture(() => buildTestApp());
const UNKNOWN = '5b0c3f8e-8d1a-4c53-9a0e-0f6f2f3e9a11';

async function storedMessage(values: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(contactMessages)
    .values({
      name: 'Claire Martin',
      email: `claire.${Math.random().toString(36).slice(2, 8)}@atelier-lumen.fr`,
      subject: 'demo',
      message: 'Pouvez-vous me montrer le module de facturation ?',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no message stored');
  return row;
}

async function as(role: 'admin' | 'support', lang = 'fr') {
  const staff = await signedInStaff(t.app, t.db, role);
  const headers = { ...staff.headers, 'accept-language': lang };
  return {
    email: staff.email,
    get: (url: string) => t.app.inject({ url: `${ADMIN_API}${url}`, headers }),
    send: (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url: `${ADMIN_API}${url}`, headers, payload }),
  };
}

describe('staff contact messages', () => {
  it('opens a new message (it becomes read), replies in English to an English sender, and keeps the reply', async () => {
    const message = await storedMessage({ locale: 'en', message: 'Can I see a demo?\nThanks' });
    const support = await as('support');
    const opened = await support.get(`/messages/${message.id}`);
    expect(opened.statusCode).toBe(200);
    expect(StaffMessageResponseSchema.parse(opened.json()).message).toMatchObject({
      status: 'read',
      language: 'en',
      replies: [],
    });

    const res = await support.send('POST', `/messages/${message.id}/reply`, {
      body: 'Of course: Tuesday at 10?',
    });
    expect(res.statusCode).toBe(201);
    const answered = StaffMessageResponseSchema.parse(res.json()).message;
    expect(answered.status).toBe('answered');
    expect(answered.replies).toHaveLength(1);
    expect(answered.replies[0]).toMatchObject({
      staff_email: support.email,
      body: 'Of course: Tuesday at 10?',
    });
    const [mail] = await listMail(t.db, { kind: 'contact_reply', to: message.email });
    expect(mail).toMatchObject({
      toAddress: message.email,
      replyTo: t.config.supportEmail,
      subject: 'Reply to your message · Demo request',
    });
    expect(mail?.textBody).toContain('Hello Claire Martin,');
    expect(mail?.textBody).toContain('Of course: Tuesday at 10?');
    expect(mail?.textBody).toContain('> Can I see a demo?\n> Thanks');
    const [stored] = await t.db
      .select()
      .from(contactMessageReplies)
      .where(eq(contactMessageReplies.messageId, message.id));
    expect(stored).toMatchObject({ staffEmail: support.email, mailJobId: mail?.id });

    expect((await auditOf(t.db, message.id)).map((entry) => entry.action)).toEqual([
      'message.read',
      'message.reply',
    ]);
  });

  it('writes in French to a sender who wrote in French', async () => {
    const message = await storedMessage();
    const admin = await as('admin');
    expect(
      (await admin.send('POST', `/messages/${message.id}/reply`, { body: 'Bonjour, oui.' }))
        .statusCode,
    ).toBe(201);
    const [mail] = await listMail(t.db, { kind: 'contact_reply', to: message.email });
    expect(mail?.subject).toBe('Réponse à votre message · Demande de démonstration');
    expect(mail?.textBody).toContain('Bonjour Claire Martin,');
  });

  it('sets statuses by hand, but answered only comes with a reply', async () => {
    const message = await storedMessage();
    const support = await as('support', 'en');
    const archived = await support.send('PATCH', `/messages/${message.id}`, { status: 'archived' });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ message: { status: 'archived' } });
    const refused = await support.send('PATCH', `/messages/${message.id}`, { status: 'answered' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'A message becomes “answered” when a reply is sent to it',
    });
    // Opening an archived message leaves it archived.
    expect((await support.get(`/messages/${message.id}`)).json()).toMatchObject({
      message: { status: 'archived' },
    });
    const bad = await support.send('PATCH', `/messages/${message.id}`, { status: 'lu' });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(row?.status).toBe('archived');
  });

  it('lists by status and search, newest first', async () => {
    const unique = await storedMessage({ name: 'Zoé Recherche', company: 'Lumen' });
    const support = await as('support');
    const res = await support.get('/messages?q=zo%C3%A9%20rech&status=new');
    expect(res.statusCode).toBe(200);
    const list = StaffMessagesResponseSchema.parse(res.json());
    expect(list).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(list.items[0]).toMatchObject({ id: unique.id, reply_count: 0, status: 'new' });
    const all = StaffMessagesResponseSchema.parse(
      (await support.get('/messages?sort=-created_at')).json(),
    );
    const dates = all.items.map((item) => item.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await support.get('/messages?status=lu')).statusCode).toBe(400);
  });

  it('refuses an empty reply (400 in French and English) and unknown messages (404)', async () => {
    const message = await storedMessage();
    const fr = await as('support');
    const empty = await fr.send('POST', `/messages/${message.id}/reply`, { body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: { body: ['La réponse est vide'] } });
    const en = await as('support', 'en');
    expect((await en.send('POST', `/messages/${message.id}/reply`, {})).json()).toMatchObject({
      errors: { body: ['The reply is empty'] },
    });
    for (const id of [UNKNOWN, 'abc']) {
      expect((await en.get(`/messages/${id}`)).statusCode).toBe(404);
      expect((await en.send('PATCH', `/messages/${id}`, { status: 'read' })).statusCode).toBe(404);
      expect((await en.send('POST', `/messages/${id}/reply`, { body: 'x' })).statusCode).toBe(404);
    }
    expect(await listMail(t.db, { kind: 'contact_reply', to: message.email })).toEqual([]);
  });

  it('keeps visitors, clients and other sites out', async () => {
    const message = await storedMessage();
    const routes = [
      { method: 'GET' as const, url: `${ADMIN_API}/messages`, support: true },
      { method: 'GET' as const, url: `${ADMIN_API}/messages/${message.id}`, support: true },
      {
        method: 'PATCH' as const,
        url: `${ADMIN_API}/messages/${message.id}`,
        payload: { status: 'archived' },
        support: true,
      },
      {
        method: 'POST' as const,
        url: `${ADMIN_API}/messages/${message.id}/reply`,
        payload: { body: 'x' },
        support: true,
      },
    ];
    for (const route of routes) await expectStaffGuard(t.app, t.db, route);
  });
});
