import { z } from 'zod';
import type { Executor } from '../../../db/transaction';
import { sendJob } from '../../../jobs/boss';
import { defineJob } from '../../../jobs/definition';

/**
 * Sending an issued invoice or credit note to the e-invoicing platform
 * (docs/decisions/047-einvoice-platforms.md): a job written in the transaction that issues
 * the document, under the document's own id, so each document has one job, which exists if
 * and only if the document does. A platform that is down is tried again for about a day.
 */
export const EINVOICE_SEND_JOB = defineJob<{ invoiceId: string }>({
  name: 'einvoice-send',
  payload: z.object({ invoiceId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 60,
  timeoutSeconds: 120,
});

export const queueEinvoiceSend = (tx: Executor, invoiceId: string): Promise<string> =>
  sendJob(tx, EINVOICE_SEND_JOB, { invoiceId }, { id: invoiceId });
