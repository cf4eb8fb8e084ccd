import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { mailQueue } from '../db/schema/mail';
import type { MailTransport } from './transport';

/**
 * Durable outgoing mail (ARCHITECTURE.md 'Mail'). `enqueue` only writes a mail_queue row, so
 * the request that triggered it never waits on SMTP and nothing is lost when SMTP is down.
 * A worker sends due rows right after each enqueue and on an interval; a failed delivery
 * stays 'pending' with its error and is retried with exponential back-off, and only becomes
 * 'failed' after MAX_ATTEMPTS.
 */

export const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;
/** A claimed row is invisible to other workers this long; a crash mid-send frees it after. */
const LEASE_SECONDS = 300;
const BASE_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 6 * 60 * 60;
/** Shutdown waits this long for the delivery in flight; its lease makes it retry later. */
const STOP_WAIT_MS = 10_000;

export const MailInputSchema = z.object({
  kind: z.string().trim().min(1).max(64),
  to: z.email(),
  // Header values never carry line breaks: no header injection through a subject.
  subject: z
    .string()
    .transform((value) => value.replace(/[\r\n]+/g, ' ').trim())
    .pipe(z.string().min(1).max(300)),
  text: z.string().min(1),
  html: z.string().optional(),
  replyTo: z.email().optional(),
});
export type MailInput = z.input<typeof MailInputSchema>;

/** The mail_queue row of a checked message (every writer of the queue goes through this). */
export const queueRowOf = (mail: z.output<typeof MailInputSchema>) => ({
  kind: mail.kind,
  toAddress: mail.to,
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.html ?? null,
  replyTo: mail.replyTo ?? null,
});

/**
 * Whether `enqueue` accepts this recipient. Forms check e-mails with the spec's simple pattern,
 * which lets through addresses no mail can reach ('a@{b.[c'): a route that mails the address
 * it was given asks first, and refuses the input instead of failing after storing it.
 */
export const isDeliverableAddress = (address: string): boolean =>
  MailInputSchema.shape.to.safeParse(address).success;

export const retryDelaySeconds = (attempts: number): number =>
  Math.min(MAX_RETRY_SECONDS, BASE_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));

export interface MailQueueOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

export class MailQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private rerun = false;
  private stopped = false;

  constructor(private readonly options: MailQueueOptions) {}

  /** Stores the message and wakes the worker; resolves with the queue row id. */
  async enqueue(input: MailInput): Promise<string> {
    const mail = MailInputSchema.parse(input);
    const [row] = await this.options.db
      .insert(mailQueue)
      .values(queueRowOf(mail))
      .returning({ id: mailQueue.id });
    if (!row) throw new Error('mail_queue insert returned no row');
    this.kick();
    return row.id;
  }

  /**
   * Runs the worker now, for rows another writer queued in its own transaction (a payment's
   * confirmation is written with the payment). Does nothing once stopped.
   */
  wake(): void {
    this.kick();
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.options.intervalMs ?? 30_000);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops the interval and waits for the delivery in progress, if any, but not forever: a
   * query stuck on a dead database must not block shutdown, and an unfinished row is simply
   * claimed again once its lease ends.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_WAIT_MS);
    });
    await Promise.race([this.running.catch(() => undefined), timeout]);
    clearTimeout(timer);
  }

  /** Runs the worker until no due row is left; resolves with the number of rows sent. */
  async drain(): Promise<number> {
    await this.running?.catch(() => undefined);
    return this.runOnce();
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.runOnce().catch((error: unknown) =>
      this.options.log.error({ err: error }, 'mail worker failed'),
    );
  }

  private runOnce(): Promise<number> {
    const run = (async () => {
      let sent = 0;
      do {
        this.rerun = false;
        sent += await this.processDue();
      } while (this.rerun && !this.stopped);
      return sent;
    })();
    this.running = run;
    void run
      .finally(() => {
        if (this.running === run) this.running = undefined;
      })
      .catch(() => undefined);
    return run;
  }

  private async processDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claimDue();
      if (batch.length === 0) return sent;
      for (const row of batch) {
        if (await this.deliver(row)) sent += 1;
      }
      if (this.stopped) return sent;
    }
  }

  /**
   * Claims due rows by pushing their next_attempt_at forward in one statement; SKIP LOCKED
   * keeps two processes on one PostgreSQL from claiming the same rows.
   */
  private claimDue() {
    const { db } = this.options;
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return db
      .update(mailQueue)
      .set({ nextAttemptAt: sql`now() + ${LEASE_SECONDS} * interval '1 second'` })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  private async deliver(row: typeof mailQueue.$inferSelect): Promise<boolean> {
    const { db, transport, from, log } = this.options;
    const attempts = row.attempts + 1;
    try {
      await transport.send({
        id: row.id,
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        replyTo: row.replyTo ?? undefined,
      });
      await db
        .update(mailQueue)
        .set({ status: 'sent', attempts, lastError: null, sentAt: sql`now()` })
        .where(eq(mailQueue.id, row.id));
      log.info({ mailId: row.id, kind: row.kind, transport: transport.kind }, 'mail sent');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= MAX_ATTEMPTS;
      await db
        .update(mailQueue)
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts,
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + ${retryDelaySeconds(attempts)} * interval '1 second'`,
        })
        .where(eq(mailQueue.id, row.id));
      log.warn(
        { mailId: row.id, kind: row.kind, attempts, giveUp, err: error },
        'mail delivery failed',
      );
      return false;
    }
  }
}
