import type { MailAttachment } from '../../mail/queue';
import type { InvoiceRow } from './repository';

/** The stored PDF of an invoice or credit note as a mail attachment named by its number. */
export const invoiceAttachment = (row: Pick<InvoiceRow, 'number' | 'pdf'>): MailAttachment => ({
  filename: invoiceFileName(row.number),
  contentType: 'application/pdf',
  contentBase64: row.pdf.toString('base64'),
});

/** `FA-2026-00001.pdf`: numbers hold only letters, digits and dashes. */
export const invoiceFileName = (number: string): string => `${number}.pdf`;
