import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../src/db/schema/mail';
import { carryOverLegacyMail } from '../src/mail/legacy-queue';
import { listMail } from '../src/mail/list';
import { queueMail } from '../src/mail/queue';
import { outboxTransport } from '../src/mail/transport';
import { buildTestApp, type TestApp } from './helper';

const message = {
  kind: 'order_confirmation',
  to: 'claire.martin@example.fr',
  subject: 'Votre commande CAD-2026-0001',
  text: 'Merci pour votre commande.',
  html: '<p>Merci pour votre commande.</p>',
};

const outboxFilesOf = async (outboxDir: string, id: string) =>
  (await readdir(outboxDir).catch(() => [] as string[])).filter((name) => name === `${id}.eml`);

describe('mail jobs with the outbox transport (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores the message as a job, then writes it as <job id>.eml and marks it sent', async () => {
    const id = await t.app.mailer.enqueue(message);
    await t.app.mailer.drain();

    const [mail] = await listMail(t.db, { id });
    expect(mail).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      toAddress: message.to,
    });
    expect(mail?.sentAt).toBeInstanceOf(Date);

    const files = await outboxFilesOf(t.outboxDir, id);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(t.outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: claire.martin@example.fr');
    expect(eml).toContain('From: Cadran <no-reply@cadran.fr>');
    expect(eml).toContain('Subject: Votre commande CAD-2026-0001');
    expect(eml).toContain(`Message-ID: <${id}@cadran.mail>`);
    expect(eml).toContain('Merci pour votre commande.');
    expect(eml).toContain('text/html');
  });

  it('never delivers a job twice, even with two drains at once', async () => {
    const id = await t.app.mailer.enqueue({ ...message, subject: 'Une seule fois' });
    await Promise.all([t.app.mailer.drain(), t.app.mailer.drain()]);
    await t.app.mailer.drain();
    expect(await outboxFilesOf(t.outboxDir, id)).toHaveLength(1);
    expect((await listMail(t.db, { id }))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('writes a message to the outbox once however often its job runs', async () => {
    const transport = outboxTransport(t.outboxDir);
    const mail = {
      id: '5f0c6a52-1a7e-4d8c-9a55-0b8f3c1d2e4f',
      from: 'Cadran <no-reply@cadran.fr>',
      to: message.to,
      subject: 'Rejouée après une panne',
      text: 'Une fois.',
    };
    expect(await transport.send(mail)).toBe(true);
    expect(await transport.send({ ...mail, text: 'Deux fois ?' })).toBe(false);
    const eml = await readFile(path.join(t.outboxDir, `${mail.id}.eml`), 'utf8');
    expect(eml).toContain('Une fois.');
    // No temporary file is left behind by the refused second write.
    expect((await readdir(t.outboxDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    transport.close();
  });

  it('strips line breaks from the subject, so no header can be injected', async () => {
    const id = await t.app.mailer.enqueue({
      ...message,
      subject: 'Bonjour\r\nBcc: victim@example.com',
    });
    await t.app.mailer.drain();
    const [file] = await outboxFilesOf(t.outboxDir, id);
    const eml = await readFile(path.join(t.outboxDir, file!), 'utf8');
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).toContain('Subject: Bonjour Bcc: victim@example.com');
  });

  it('refuses an invalid address before anything is stored', async () => {
    const before = (await listMail(t.db)).length;
    await expect(t.app.mailer.enqueue({ ...message, to: 'not an address' })).rejects.toThrow();
    expect(await queueMail(t.db, { ...message, to: 'a@{b.[c' })).toBe(false);
    expect(await listMail(t.db)).toHaveLength(before);
  });

  it('writes mail queued in a transaction only if that transaction commits', async () => {
    const rolledBack = { ...message, subject: 'Paiement annulé' };
    await expect(
      t.db.transaction(async (tx) => {
        expect(await queueMail(tx, rolledBack)).toBe(true);
        throw new Error('the payment failed after its mail was queued');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await listMail(t.db, { subject: rolledBack.subject })).toEqual([]);

    const committed = { ...message, subject: 'Paiement reçu' };
    await t.db.transaction(async (tx) => {
      await queueMail(tx, committed);
    });
    t.app.mailer.wake();
    await t.app.mailer.drain();
    const [mail] = await listMail(t.db, { subject: committed.subject });
    expect(mail?.status).toBe('sent');
    expect(await outboxFilesOf(t.outboxDir, mail!.id)).toHaveLength(1);
  });

  it('moves mail left pending in the former queue table to the job queue, same id', async () => {
    const [legacy] = await t.db
      .insert(mailQueue)
      .values({
        kind: 'contact_notification',
        toAddress: 'support@cadran.fr',
        subject: 'Message laissé avant la mise à jour',
        textBody: 'Bonjour',
      })
      .returning();
    expect(await carryOverLegacyMail(t.db)).toBe(1);
    expect(await t.db.select().from(mailQueue)).toEqual([]);
    expect(await carryOverLegacyMail(t.db)).toBe(0);
    await t.app.mailer.drain();
    expect((await listMail(t.db, { id: legacy!.id }))[0]?.status).toBe('sent');
    expect(await outboxFilesOf(t.outboxDir, legacy!.id)).toHaveLength(1);
  });
});
