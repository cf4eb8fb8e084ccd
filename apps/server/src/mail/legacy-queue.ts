import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailQueue } from '../db/schema/mail';
import { sendJob } from '../jobs/boss';
import { MAIL_JOB } from './job';
import { MailInputSchema } from './message';

/**
 * Moves the messages still pending in the former `mail_queue` table into the mail job queue,
 * under the same ids (so their Message-ID does not change), and deletes them there, in one
 * transaction: an upgrade neither loses nor doubles a message. Rows locked by another server
 * doing the same are skipped. Resolves with the number moved.
 */
export async function carryOverLegacyMail(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.status, 'pending'))
      .for('update', { skipLocked: true });
    if (pending.length === 0) return 0;
    const unreadable: string[] = [];
    for (const row of pending) {
      const mail = MailInputSchema.safeParse({
        kind: row.kind,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        replyTo: row.replyTo ?? undefined,
      });
      if (mail.success) await sendJob(tx, MAIL_JOB, mail.data, { id: row.id });
      else unreadable.push(row.id);
    }
    const moved = pending.map((row) => row.id).filter((id) => !unreadable.includes(id));
    if (moved.length > 0) await tx.delete(mailQueue).where(inArray(mailQueue.id, moved));
    if (unreadable.length > 0) {
      await tx
        .update(mailQueue)
        .set({ status: 'failed', lastError: 'not a valid message: not moved to the job queue' })
        .where(inArray(mailQueue.id, unreadable));
    }
    return moved.length;
  });
}
