import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../src/db/schema/mail';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../src/mail/queue';
import { buildTestApp, type TestApp } from './helper';
import { freePort } from './ports';

const message = {
  kind: 'order_confirmation',
  to: 'claire.martin@example.fr',
  subject: 'Votre commande CAD-2026-0001',
  text: 'Merci pour votre commande.',
  html: '<p>Merci pour votre commande.</p>',
};

describe('mail queue with the outbox transport (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores the message, then writes it as an .eml file and marks the row sent', async () => {
    const id = await t.app.mailer.enqueue(message);
    await t.app.mailer.drain();

    const [row] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      toAddress: message.to,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);

    const files = (await readdir(t.outboxDir)).filter((name) => name.endsWith(`${id}.eml`));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(t.outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: claire.martin@example.fr');
    expect(eml).toContain('From: Cadran <no-reply@cadran.fr>');
    expect(eml).toContain('Subject: Votre commande CAD-2026-0001');
    expect(eml).toContain(`Message-ID: <${id}@cadran.mail>`);
    expect(eml).toContain('Merci pour votre commande.');
    expect(eml).toContain('text/html');
  });

  it('never sends a row twice', async () => {
    const id = await t.app.mailer.enqueue({ ...message, subject: 'Une seule fois' });
    await Promise.all([t.app.mailer.drain(), t.app.mailer.drain()]);
    await t.app.mailer.drain();
    const files = (await readdir(t.outboxDir)).filter((name) => name.endsWith(`${id}.eml`));
    expect(files).toHaveLength(1);
  });

  it('strips line breaks from the subject, so no header can be injected', async () => {
    const id = await t.app.mailer.enqueue({
      ...message,
      subject: 'Bonjour\r\nBcc: victim@example.com',
    });
    await t.app.mailer.drain();
    const [file] = (await readdir(t.outboxDir)).filter((name) => name.endsWith(`${id}.eml`));
    const eml = await readFile(path.join(t.outboxDir, file!), 'utf8');
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).toContain('Subject: Bonjour Bcc: victim@example.com');
  });

  it('refuses an invalid address before anything is stored', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailQueue);
    await expect(t.app.mailer.enqueue({ ...message, to: 'not an address' })).rejects.toThrow();
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailQueue);
    expect(after?.n).toBe(before?.n);
  });
});

describe('mail queue when SMTP is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const closedPort = await freePort();
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
  });
  afterAll(async () => t.close());

  it('keeps the row pending with the error and a later retry time', async () => {
    const id = await t.app.mailer.enqueue(message);
    expect(await t.app.mailer.drain()).toBe(0);

    const [row] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Not due yet: another pass leaves it alone.
    await t.app.mailer.drain();
    const [again] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(again?.attempts).toBe(1);
  });

  it('gives up after the last attempt and marks the row failed', async () => {
    const id = await t.app.mailer.enqueue({ ...message, subject: 'Dernière tentative' });
    await t.app.mailer.drain();
    await t.db
      .update(mailQueue)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailQueue.id, id));
    await t.app.mailer.drain();
    const [row] = await t.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('backs off exponentially, capped at six hours', () => {
    expect(retryDelaySeconds(1)).toBe(60);
    expect(retryDelaySeconds(2)).toBe(120);
    expect(retryDelaySeconds(5)).toBe(960);
    expect(retryDelaySeconds(20)).toBe(6 * 60 * 60);
  });
});
