import { and, eq, isNull } from 'drizzle-orm';
import { isUuid } from '@cadran/domain/uuid';
import type { Executor } from '../../db/transaction';
import { invoices } from '../../db/schema/invoices';
import { renderFacturXPdf } from './facturx-pdf';

/**
 * The PDF of an issued document, as stored (docs/product.md 'Invoices' ('The PDF')). The first
 * reader renders it from the stored document and writes it only if the column is still empty;
 * every reader then answers the stored bytes, so every download and the e-mail carry the same
 * file. Undefined for an unknown id.
 */
export async function storedInvoicePdf(
  db: Executor,
  invoiceId: string,
): Promise<Buffer | undefined> {
  if (!isUuid(invoiceId)) return undefined;
  const [row] = await db
    .select({ pdf: invoices.pdf, document: invoices.document })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row) return undefined;
  if (row.pdf) return row.pdf;
  const rendered = await renderFacturXPdf(row.document);
  await db
    .update(invoices)
    .set({ pdf: rendered })
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.pdf)));
  const [stored] = await db
    .select({ pdf: invoices.pdf })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return stored?.pdf ?? undefined;
}
