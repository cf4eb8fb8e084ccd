import {
  CustomerDetailResponseSchema,
  CustomersQuerySchema,
  CustomersResponseSchema,
  LockAccountSchema,
  LockResponseSchema,
  SessionsEndedResponseSchema,
} from '@cadran/domain/staff-customers';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import {
  endCustomerSessions,
  setCustomerLock,
  type CustomerActionResult,
} from './customer-actions';
import { customerDetail, listCustomers } from './customers-query';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** The 404 and 409 of an action on a customer; the result itself when it was done. */
function doneOrThrow<T>(result: CustomerActionResult<T>): T {
  if (result.kind === 'not_found') throw new HttpError(404, 'admin.customer.not_found');
  if (result.kind === 'already_locked') throw new HttpError(409, 'admin.customer.already_locked');
  if (result.kind === 'not_locked') throw new HttpError(409, 'admin.customer.not_locked');
  return result;
}

/**
 * Back-office customers (docs/product.md 'Back office'): the list and one account (support
 * too), and, for administrators, ending its sessions, locking and unlocking it. Staff accounts
 * answer 404 here, like an unknown id.
 */
const adminCustomerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/customers',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Client accounts with their order count and total paid',
        querystring: CustomersQuerySchema,
        response: { 200: CustomersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listCustomers(app.db, request.query)),
    }),
  );

  app.get(
    '/customers/:id',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'One client account: profile, lock, orders, licences and open sessions',
        params: IdParamsSchema,
        response: { 200: CustomerDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const detail = await customerDetail(app.db, request.params.id, app.licenses.now());
      if (!detail) throw new HttpError(404, 'admin.customer.not_found');
      return { success: true as const, ...detail };
    },
  );

  app.post(
    '/customers/:id/sessions/end',
    {
      schema: {
        tags: ['admin'],
        summary: 'End every session of a client account',
        params: IdParamsSchema,
        response: { 200: SessionsEndedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { ended } = doneOrThrow(
        await endCustomerSessions(app.db, request.params.id, staffActor(request)),
      );
      return {
        success: true as const,
        ended,
        message: localize('admin.customer.sessions_ended', requestLanguage(request), {
          count: ended,
        }),
      };
    },
  );

  app.post(
    '/customers/:id/lock',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lock a client account: it cannot sign in (403 account_locked), sessions end',
        params: IdParamsSchema,
        body: LockAccountSchema,
        response: { 200: LockResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { customer, sessionsEnded } = doneOrThrow(
        await setCustomerLock(app.db, request.params.id, request.body, staffActor(request)),
      );
      return {
        success: true as const,
        customer,
        sessions_ended: sessionsEnded,
        message: localize('admin.customer.locked', requestLanguage(request)),
      };
    },
  );

  app.post(
    '/customers/:id/unlock',
    {
      schema: {
        tags: ['admin'],
        summary: 'Unlock a client account: it can sign in again',
        params: IdParamsSchema,
        response: { 200: LockResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { customer, sessionsEnded } = doneOrThrow(
        await setCustomerLock(app.db, request.params.id, null, staffActor(request)),
      );
      return {
        success: true as const,
        customer,
        sessions_ended: sessionsEnded,
        message: localize('admin.customer.unlocked', requestLanguage(request)),
      };
    },
  );

  done();
};

export default adminCustomerRoutes;
