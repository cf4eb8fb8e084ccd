import { parseInvoiceNumber } from '@cadran/domain/invoice-numbers';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { invoiceFileName } from './attachment';
import type { InvoiceRow } from './repository';

const PREFIX = '/api/v1/website';

/** Where an order's invoice is downloaded: the order answer links it. */
export const invoiceUrl = (orderId: string): string => `${PREFIX}/orders/${orderId}/invoice`;
export const creditNoteUrl = (orderId: string, number: string): string =>
  `${PREFIX}/orders/${orderId}/credit-notes/${number}`;

/** The same documents for staff, from the back office's order page. */
export const staffInvoiceUrl = (orderId: string): string =>
  `/api/v1/admin/orders/${orderId}/invoice`;
export const staffCreditNoteUrl = (orderId: string, number: string): string =>
  `/api/v1/admin/orders/${orderId}/credit-notes/${number}`;

const errors = errorAnswers(401, 404);
export const PdfAnswer = z.string().describe('The PDF, as issued (application/pdf)');
export const CreditNoteParamsSchema = IdParamsSchema.extend({ number: z.string().max(40) });
const notFound = () => new HttpError(404, 'orders.not_found');

export function sendPdf(reply: FastifyReply, row: InvoiceRow, pdf: Buffer) {
  // The stored bytes, never rendered again: every download is the document as issued.
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${invoiceFileName(row.number)}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/**
 * The PDFs of an order's invoice and credit notes (docs/product.md 'Invoices'), to the order's
 * owner only, like every order route: 401 without a session, 404 for another account's order,
 * an unknown one, or one not paid (no invoice yet).
 */
const invoicesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    `${PREFIX}/orders/:id/invoice`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'The invoice of one of my paid orders, as a PDF',
        produces: ['application/pdf'],
        params: IdParamsSchema,
        response: { 200: PdfAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const row = await app.invoices.findForOwner(request.params.id, currentAccount(request).id);
      if (!row || row.kind !== 'invoice') throw notFound();
      return sendPdf(reply, row, await app.invoices.pdfOf(row));
    },
  );

  app.get(
    `${PREFIX}/orders/:id/credit-notes/:number`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'A credit note of one of my orders, by its number, as a PDF',
        produces: ['application/pdf'],
        params: CreditNoteParamsSchema,
        response: { 200: PdfAnswer, ...errors },
      },
    },
    async (request, reply) => {
      // Anything but a credit note's number is no credit note: never sent to the database
      // (a NUL byte, say, is text PostgreSQL refuses).
      if (parseInvoiceNumber(request.params.number)?.kind !== 'credit_note') throw notFound();
      const row = await app.invoices.findForOwner(
        request.params.id,
        currentAccount(request).id,
        request.params.number,
      );
      if (!row || row.kind !== 'credit_note') throw notFound();
      return sendPdf(reply, row, await app.invoices.pdfOf(row));
    },
  );

  done();
};

export default invoicesRoutes;
