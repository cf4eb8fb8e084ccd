import {
  AccountDocumentsResponseSchema,
  OrderListQuerySchema,
  OrderListResponseSchema,
} from '@cadran/domain/client-area';
import { CURRENCY } from '@cadran/domain/constants';
import { centsToDecimalString } from '@cadran/domain/money';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../http/route-schemas';
import { currentAccount } from '../auth/current-account';
import { creditNoteUrl, invoiceUrl } from '../invoices/routes';

const PREFIX = '/api/v1/website';

const errors = errorAnswers(400, 401, 403);

/**
 * The client area's lists (docs/product.md 'Client area'): the account's orders page by page
 * and all its invoices and credit notes. Only the signed-in account's own; no shared cache may
 * keep them.
 */
const clientAreaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    `${PREFIX}/orders`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'My orders, newest first, a page at a time',
        querystring: OrderListQuerySchema,
        response: { 200: OrderListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, page_size: pageSize } = request.query;
      const { entries, total } = await app.orders.listOwned(currentAccount(request).id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return {
        success: true as const,
        orders: entries.map(({ order, isRenewal, invoiceNumber }) => ({
          id: order.id,
          order_number: order.orderNumber,
          status: order.status,
          payment_status: order.paymentStatus,
          payment_method: order.paymentMethod,
          total: centsToDecimalString(order.totalCents),
          currency: CURRENCY,
          created_at: order.createdAt.toISOString(),
          kind: isRenewal ? ('renewal' as const) : ('order' as const),
          invoice_number: invoiceNumber,
        })),
        total,
        page,
        page_size: pageSize,
      };
    },
  );

  app.get(
    `${PREFIX}/invoices`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'All my invoices and credit notes, newest first',
        response: { 200: AccountDocumentsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await app.invoices.listForOwner(currentAccount(request).id);
      return {
        success: true as const,
        documents: rows.map((row) => ({
          kind: row.kind,
          number: row.number,
          issued_at: row.issuedAt.toISOString(),
          total: centsToDecimalString(row.totalCents),
          currency: CURRENCY,
          order_id: row.orderId,
          order_number: row.orderNumber,
          url:
            row.kind === 'invoice'
              ? invoiceUrl(row.orderId)
              : creditNoteUrl(row.orderId, row.number),
        })),
      };
    },
  );

  done();
};

export default clientAreaRoutes;
