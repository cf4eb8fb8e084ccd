import type { InvoiceDocument } from '@cadran/domain/invoice';
import { embedFacturX } from './facturx/embed';
import { renderInvoicePdf } from './pdf/render-invoice';

/**
 * The file every invoice and credit note is (docs/product.md 'Invoices' ('The PDF')): the
 * drawn PDF/A-3b with its Factur-X data embedded, for people and accounting software alike.
 */
export const renderFacturXPdf = (doc: InvoiceDocument): Promise<Buffer> =>
  renderInvoicePdf(doc, embedFacturX);
