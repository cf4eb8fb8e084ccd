import { parseInvoiceNumber } from '@cadran/domain/invoice-numbers';
import {
  AdminOrderDetailResponseSchema,
  AdminOrdersExportQuerySchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
} from '@cadran/domain/staff-orders';
import { shopDay } from '@cadran/domain/paris-days';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { CreditNoteParamsSchema, PdfAnswer, sendPdf } from '../invoices/routes';
import { adminOrderDetail } from './order-detail';
import { sendCsv } from '../../http/csv';
import { ordersCsv } from './orders-export';
import { findOrdersForList, listAdminOrders } from './orders-query';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404);

/**
 * Back-office order reads (docs/product.md 'Back office'): the list with its filters, sort and
 * paging, the same list as a CSV file, one order in full and its documents' PDFs. Open to
 * support staff. What staff
 * do to an order is in order-action-routes.ts. Mounted under /api/v1/admin, whose guard has
 * already required staff.
 */
const adminOrderRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/orders',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Orders, newest first, with filters, search, sort and paging',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listAdminOrders(app.db, request.query)),
    }),
  );

  app.get(
    '/orders/export.csv',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'The order list as CSV (UTF-8 with BOM, `;`), same filters, every matching order',
        querystring: AdminOrdersExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? requestLanguage(request);
      const csv = ordersCsv(await findOrdersForList(app.db, request.query), language);
      return sendCsv(reply, `orders-${shopDay(new Date())}.csv`, csv);
    },
  );

  app.get(
    '/orders/:id',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'One order: lines, customer, history, payments, refunds, documents, licences',
        params: IdParamsSchema,
        response: { 200: AdminOrderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await adminOrderDetail(app.db, request.params.id, app.licenses.now());
      if (!order) throw new HttpError(404, 'orders.not_found');
      return { success: true as const, order };
    },
  );

  app.get(
    '/orders/:id/invoice',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'The invoice of an order, as issued (PDF)',
        produces: ['application/pdf'],
        params: IdParamsSchema,
        response: { 200: PdfAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const row = await app.invoices.findForStaff(request.params.id);
      if (!row || row.kind !== 'invoice') throw new HttpError(404, 'orders.not_found');
      return sendPdf(reply, row, await app.invoices.pdfOf(row));
    },
  );

  app.get(
    '/orders/:id/credit-notes/:number',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'A credit note of an order, by its number, as issued (PDF)',
        produces: ['application/pdf'],
        params: CreditNoteParamsSchema,
        response: { 200: PdfAnswer, ...errors },
      },
    },
    async (request, reply) => {
      if (parseInvoiceNumber(request.params.number)?.kind !== 'credit_note') {
        throw new HttpError(404, 'orders.not_found');
      }
      const row = await app.invoices.findForStaff(request.params.id, request.params.number);
      if (!row || row.kind !== 'credit_note') throw new HttpError(404, 'orders.not_found');
      return sendPdf(reply, row, await app.invoices.pdfOf(row));
    },
  );

  done();
};

export default adminOrderRoutes;
