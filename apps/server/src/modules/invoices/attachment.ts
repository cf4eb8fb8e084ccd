import type { MailAttachment } from '../../mail/queue';
import type { InvoiceRow } from './repository';

/**
 * The PDF of an invoice or credit note as a mail attachment named by its number: by id, so the
 * delivery attaches the stored bytes (rendering them first if nobody has yet).
 */
export const invoiceAttachment = (row: Pick<InvoiceRow, 'id' | 'number'>): MailAttachment => ({
  filename: invoiceFileName(row.number),
  contentType: 'application/pdf',
  storedDocumentId: row.id,
});

/** `FA-2026-00001.pdf`: numbers hold only letters, digits and dashes. */
export const invoiceFileName = (number: string): string => `${number}.pdf`;
