import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../src/jobs/boss';
import { MAIL_JOB } from '../src/mail/job';
import { listMail } from '../src/mail/list';
import { buildTestApp, type TestApp } from './helper';
import { freePort } from './support/server-process';

const message = {
  kind: 'order_confirmation',
  to: 'claire.martin@example.fr',
  subject: 'Votre commande CAD-2026-0001',
  text: 'Merci pour votre commande.',
};

describe('mail jobs when SMTP is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on that port: every attempt fails at once with ECONNREFUSED.
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterAll(async () => t.close());

  /**
   * Brings a job's next attempt forward, as the passing of its back-off would. A second in the
   * past: pg-boss takes jobs whose start is strictly before now(), and the embedded database's
   * clock may not have moved on by the next query.
   */
  const makeDue = (id: string) =>
    t.db.execute(
      sql`update ${sql.identifier(JOB_SCHEMA)}.job set start_after = now() - interval '1 second'
          where id = ${id}::uuid`,
    );
  const secondsUntilNextAttempt = async (id: string) => {
    const [mail] = await listMail(t.db, { id });
    return (mail!.nextAttemptAt!.getTime() - Date.now()) / 1000;
  };

  it('keeps the job pending with the error, and retries it later with a doubled delay', async () => {
    const id = await t.app.mailer.enqueue(message);
    expect(await t.app.mailer.drain()).toBe(0);

    const [first] = await listMail(t.db, { id });
    expect(first).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(first?.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The first delay is the base, plus up to as much again at random.
    const base = MAIL_JOB.retryDelaySeconds;
    const firstDelay = await secondsUntilNextAttempt(id);
    expect(firstDelay).toBeGreaterThan(base - 2);
    expect(firstDelay).toBeLessThanOrEqual(2 * base);

    // Not due yet: another pass leaves it alone.
    await t.app.mailer.drain();
    expect((await listMail(t.db, { id }))[0]?.attempts).toBe(1);

    await makeDue(id);
    expect(await t.app.mailer.drain()).toBe(0);
    const [second] = await listMail(t.db, { id });
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    const secondDelay = await secondsUntilNextAttempt(id);
    expect(secondDelay).toBeGreaterThan(2 * base - 2);
    expect(secondDelay).toBeLessThanOrEqual(4 * base);
  });

  it('gives up after the last attempt and keeps the job visible as failed, with its error', async () => {
    const id = await t.app.mailer.enqueue({ ...message, subject: 'Dernière tentative' });
    const attempts = MAIL_JOB.retryLimit + 1;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      await makeDue(id);
      await t.app.mailer.drain();
    }
    const [mail] = await listMail(t.db, { id });
    expect(mail).toMatchObject({ status: 'failed', attempts, nextAttemptAt: null, sentAt: null });
    expect(mail?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await listMail(t.db, { status: 'failed' })).toEqual([mail]);

    // Failed for good: no later pass picks it up again.
    await makeDue(id);
    await t.app.mailer.drain();
    expect((await listMail(t.db, { id }))[0]?.attempts).toBe(attempts);
  });
});
