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
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import { adminOrderDetail } from './order-detail';
import { sendCsv } from '../../http/csv';
import { ordersCsv } from './orders-export';
import { findAdminOrders, listAdminOrders } from './orders-query';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404);

/**
 * Back-office order reads (docs/product.md 'Back office'): the list with its filters, sort and
 * paging, the same list as a CSV file, and one order in full. Open to support staff. What staff
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
      const csv = ordersCsv(await findAdminOrders(app.db, request.query));
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

  done();
};

export default adminOrderRoutes;
