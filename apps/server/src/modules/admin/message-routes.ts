import {
  StaffMessageReplyResponseSchema,
  StaffMessageReplySchema,
  StaffMessageResponseSchema,
  StaffMessagesQuerySchema,
  StaffMessagesResponseSchema,
  StaffMessageStatusSchema,
} from '@cadran/domain/staff-messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import {
  listStaffMessages,
  openStaffMessage,
  replyToStaffMessage,
  setStaffMessageStatus,
} from '../contact/staff-messages';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';

const errors = errorAnswers(400, 401, 403, 404, 409);

/**
 * Back-office contact messages (docs/product.md 'Back office' ('Messages')), open to support:
 * the list by status, one message with its replies (opening marks it read), its status, and a
 * reply e-mailed to the sender in their language. Mounted under /api/v1/admin.
 */
const adminMessageRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/messages',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Contact messages, newest first, by status and searched',
        querystring: StaffMessagesQuerySchema,
        response: { 200: StaffMessagesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { query } = request;
      const page = await listStaffMessages(app.db, query);
      return { success: true as const, ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.get(
    '/messages/:id',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'One message and its replies; a new message becomes read',
        params: IdParamsSchema,
        response: { 200: StaffMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const message = await openStaffMessage(app.db, request.params.id, staffActor(request));
      if (!message) throw new HttpError(404, 'staff.message.not_found');
      return { success: true as const, message };
    },
  );

  app.patch(
    '/messages/:id',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: "Set a message's status (answered comes with a reply)",
        params: IdParamsSchema,
        body: StaffMessageStatusSchema,
        response: { 200: StaffMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await setStaffMessageStatus(
        app.db,
        request.params.id,
        request.body.status,
        staffActor(request),
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'staff.message.not_found');
      if (result.kind === 'refused') throw new HttpError(409, result.refusal);
      return { success: true as const, message: result.message };
    },
  );

  app.post(
    '/messages/:id/reply',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Email a reply to the sender, in their language; the message becomes answered',
        params: IdParamsSchema,
        body: StaffMessageReplySchema,
        response: { 201: StaffMessageReplyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await replyToStaffMessage(
        app.db,
        request.params.id,
        request.body.body,
        staffActor(request),
        app.config.supportEmail,
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'staff.message.not_found');
      if (result.kind === 'undeliverable') {
        throw new HttpError(409, 'staff.message.reply_undeliverable');
      }
      app.mailer.wake();
      return reply.code(201).send({
        success: true as const,
        message: result.message,
        notice: localize('staff.message.reply_sent', requestLanguage(request)),
      });
    },
  );

  done();
};

export default adminMessageRoutes;
