import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordStaffAction, type StaffAction } from '../../audit/staff-audit';
import type { Executor } from '../../db/transaction';
import { CSV_CONTENT_TYPE, sendDownload } from '../../http/csv';
import { staffActor } from './staff-actor';

/** A file a back-office export hands out: its name, its type (CSV unless said) and its text. */
export interface ExportFile {
  name: string;
  contentType?: string;
  body: string;
}

/**
 * The one shape of every back-office export (newsletter, accounting): an export hands data out
 * of the store, so the audit entry saying who took what is written first, and the file leaves
 * only once it is; a failed write sends nothing.
 */
export async function sendAuditedDownload(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  audit: StaffAction,
  file: ExportFile,
): Promise<FastifyReply> {
  await recordStaffAction(db, staffActor(request), audit);
  return sendDownload(reply, file.name, file.contentType ?? CSV_CONTENT_TYPE, file.body);
}
