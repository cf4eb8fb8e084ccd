import type { AuditAction } from '@cadran/domain/audit';
import {
  manualStatusRefusal,
  statusWhenOpened,
  type ContactMessageStatus,
  type StaffMessage,
  type StaffMessageRow,
  type StaffMessagesQuery,
} from '@cadran/domain/staff-messages';
import { isUuid } from '@cadran/domain/uuid';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { likePattern } from '../../db/list-query';
import { contactMessageReplies, contactMessages } from '../../db/schema/contact';
import type { Executor } from '../../db/transaction';
import { isDeliverableAddress, writeMailJob } from '../../mail/queue';
import type { StoredContactMessage } from './repository';
import { contactReplyMail } from './reply-mail';

/**
 * Contact messages in the back office (docs/product.md 'Back office' ('Messages')): the list,
 * one message with its replies (opening a new one marks it read), its status, and replies sent
 * by e-mail. Every change writes its audit entry in its own transaction.
 */

const AUDIT_TARGET = 'contact_message';

const replyCount = sql<number>`(select count(*)::int from ${contactMessageReplies} where ${contactMessageReplies.messageId} = ${contactMessages.id})`;

function toRow(row: StoredContactMessage, replies: number): StaffMessageRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    subject: row.subject,
    message: row.message,
    language: row.locale,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    reply_count: Number(replies),
  };
}

export async function listStaffMessages(
  db: Database,
  query: StaffMessagesQuery,
): Promise<{ items: StaffMessageRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(contactMessages.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    const search = or(
      ilike(contactMessages.name, pattern),
      ilike(contactMessages.email, pattern),
      ilike(contactMessages.company, pattern),
      ilike(contactMessages.message, pattern),
    );
    if (search) conditions.push(search);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const descending = query.sort.startsWith('-');
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
  const rows = await db
    .select({ message: contactMessages, replies: replyCount })
    .from(contactMessages)
    .where(where)
    .orderBy(
      descending ? desc(contactMessages.createdAt) : asc(contactMessages.createdAt),
      asc(contactMessages.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  return { items: rows.map((row) => toRow(row.message, row.replies)), total: total?.n ?? 0 };
}

async function lockMessage(tx: Executor, id: string): Promise<StoredContactMessage | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('update');
  return row;
}

async function withReplies(tx: Executor, row: StoredContactMessage): Promise<StaffMessage> {
  const replies = await tx
    .select()
    .from(contactMessageReplies)
    .where(eq(contactMessageReplies.messageId, row.id))
    .orderBy(asc(contactMessageReplies.createdAt), asc(contactMessageReplies.id));
  return {
    ...toRow(row, replies.length),
    replies: replies.map((reply) => ({
      at: reply.createdAt.toISOString(),
      staff_email: reply.staffEmail,
      body: reply.body,
    })),
  };
}

/** Sets the status and audits it when it changes; the message as it is then. */
async function moveTo(
  tx: Executor,
  row: StoredContactMessage,
  status: ContactMessageStatus,
  actor: StaffActor,
  action: AuditAction,
): Promise<StaffMessage> {
  const before = await withReplies(tx, row);
  if (row.status === status) return before;
  const [moved] = await tx
    .update(contactMessages)
    .set({ status })
    .where(eq(contactMessages.id, row.id))
    .returning();
  const after = await withReplies(tx, moved ?? row);
  await recordStaffAction(tx, actor, {
    action,
    target: { type: AUDIT_TARGET, id: row.id },
    before: { status: before.status },
    after: { status: after.status },
  });
  return after;
}

/** One message with its replies; a new one becomes read. Undefined when unknown. */
export function openStaffMessage(
  db: Database,
  id: string,
  actor: StaffActor,
): Promise<StaffMessage | undefined> {
  return db.transaction(async (tx) => {
    const row = await lockMessage(tx, id);
    if (!row) return undefined;
    return moveTo(tx, row, statusWhenOpened(row.status), actor, 'message.read');
  });
}

export type StatusChange =
  | { kind: 'changed'; message: StaffMessage }
  | { kind: 'not_found' }
  | { kind: 'refused'; refusal: 'staff.message.answered_needs_reply' };

export function setStaffMessageStatus(
  db: Database,
  id: string,
  status: ContactMessageStatus,
  actor: StaffActor,
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const row = await lockMessage(tx, id);
    if (!row) return { kind: 'not_found' as const };
    const current = await withReplies(tx, row);
    const refusal = manualStatusRefusal(status, current.replies.length);
    if (refusal) return { kind: 'refused' as const, refusal };
    return {
      kind: 'changed' as const,
      message: await moveTo(tx, row, status, actor, 'message.status'),
    };
  });
}

export type ReplyResult =
  { kind: 'sent'; message: StaffMessage } | { kind: 'not_found' } | { kind: 'undeliverable' };

/**
 * Sends `body` to the sender in their language: the mail job, the stored reply (with the job's
 * id) and the status `answered` are written in one transaction, so the history shows exactly
 * what left. An address no mail can reach (it passed the form's simple pattern) is refused
 * before anything is written.
 */
export function replyToStaffMessage(
  db: Database,
  id: string,
  body: string,
  actor: StaffActor,
  supportEmail: string,
): Promise<ReplyResult> {
  return db.transaction(async (tx) => {
    const row = await lockMessage(tx, id);
    if (!row) return { kind: 'not_found' as const };
    if (!isDeliverableAddress(row.email)) return { kind: 'undeliverable' as const };
    const mailJobId = await writeMailJob(tx, contactReplyMail(row, body, supportEmail));
    await tx.insert(contactMessageReplies).values({
      messageId: row.id,
      staffId: actor.id,
      staffEmail: actor.email,
      body,
      mailJobId,
    });
    await recordStaffAction(tx, actor, {
      action: 'message.reply',
      target: { type: AUDIT_TARGET, id: row.id },
      after: { body, language: row.locale, mail_job_id: mailJobId },
    });
    const [answered] = await tx
      .update(contactMessages)
      .set({ status: 'answered' })
      .where(eq(contactMessages.id, row.id))
      .returning();
    return { kind: 'sent' as const, message: await withReplies(tx, answered ?? row) };
  });
}
