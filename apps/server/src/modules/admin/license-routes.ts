import { LicenseInstanceParamsSchema } from '@cadran/domain/license-api';
import type { MessageKey } from '@cadran/domain/messages';
import {
  StaffLicenseChangedSchema,
  StaffLicenseExtendSchema,
  StaffLicenseReasonSchema,
  StaffLicenseReinstateSchema,
  StaffLicenseResponseSchema,
  StaffLicensesQuerySchema,
  StaffLicensesResponseSchema,
} from '@cadran/domain/staff-licenses';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/http-error';
import { requestLanguage } from '../../http/language';
import { localize } from '../../http/messages';
import { errorAnswers, IdParamsSchema } from '../../http/route-schemas';
import type { StaffChangeResult } from '../licenses/staff-changes';
import { staffActor } from './staff-actor';
import { SUPPORT_ALLOWED } from './staff-roles';
import { announceStaffChange, LICENSE_CHANGED_EVENT } from './staff-signals';

const errors = errorAnswers(400, 401, 403, 404, 409);

/**
 * Back-office licences (docs/product.md 'Back office' ('Licences')): support reads them,
 * administrators suspend, reinstate, revoke, extend and free installations. A change answers
 * the licence as it now is; the activation API answers the same from the next call on, in
 * every process (staff-signals.ts). Mounted under /api/v1/admin, behind the staff guard.
 */
const adminLicenseRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/licenses',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'Licences with their status now, filtered by status and searched',
        querystring: StaffLicensesQuerySchema,
        response: { 200: StaffLicensesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { query } = request;
      const page = await app.licenses.listForStaff(query, requestLanguage(request));
      return { success: true as const, ...page, limit: query.limit, offset: query.offset };
    },
  );

  app.get(
    '/licenses/:id',
    {
      config: SUPPORT_ALLOWED,
      schema: {
        tags: ['admin'],
        summary: 'One licence: state, every installation, customer and order',
        params: IdParamsSchema,
        response: { 200: StaffLicenseResponseSchema, ...errors },
      },
    },
    async (request) => {
      const license = await app.licenses.findForStaff(request.params.id, requestLanguage(request));
      if (!license) throw new HttpError(404, 'license.not_found');
      return { success: true as const, license };
    },
  );

  /** Maps a change's outcome to the answer, and tells the other processes. */
  const answer = async (result: StaffChangeResult, done: MessageKey, lang: 'fr' | 'en') => {
    if (result.kind === 'not_found') throw new HttpError(404, 'license.not_found');
    if (result.kind === 'refused') {
      const status = result.refusal === 'staff.license.extend_not_later' ? 400 : 409;
      throw new HttpError(status, result.refusal, {
        ...(status === 400 ? { fieldErrors: { until: [result.refusal] } } : {}),
      });
    }
    await announceStaffChange(app, LICENSE_CHANGED_EVENT);
    return { success: true as const, license: result.license, message: localize(done, lang) };
  };

  const stateRoute = (action: 'suspend' | 'revoke', summary: string, done: MessageKey) =>
    app.post(
      `/licenses/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary,
          params: IdParamsSchema,
          body: StaffLicenseReasonSchema,
          response: { 200: StaffLicenseChangedSchema, ...errors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const result = await app.licenses.changeState(
          request.params.id,
          action,
          request.body.reason,
          staffActor(request),
          lang,
        );
        return answer(result, done, lang);
      },
    );
  stateRoute(
    'suspend',
    'Suspend a licence: validate and activate refuse it',
    'staff.license.suspended',
  );
  stateRoute('revoke', 'Revoke a licence, for good', 'staff.license.revoked');

  app.post(
    '/licenses/:id/reinstate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reinstate a suspended licence',
        params: IdParamsSchema,
        body: StaffLicenseReinstateSchema,
        response: { 200: StaffLicenseChangedSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const result = await app.licenses.changeState(
        request.params.id,
        'reinstate',
        request.body.reason,
        staffActor(request),
        lang,
      );
      return answer(result, 'staff.license.reinstated', lang);
    },
  );

  app.post(
    '/licenses/:id/extend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move the expiry later',
        params: IdParamsSchema,
        body: StaffLicenseExtendSchema,
        response: { 200: StaffLicenseChangedSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const result = await app.licenses.extend(
        request.params.id,
        request.body.until,
        staffActor(request),
        lang,
      );
      return answer(result, 'staff.license.extended', lang);
    },
  );

  app.post(
    '/licenses/:id/instances/:instanceId/deactivate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Free one installation of a licence',
        params: LicenseInstanceParamsSchema,
        response: { 200: StaffLicenseChangedSchema, ...errors },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const result = await app.licenses.freeInstance(
        request.params.id,
        request.params.instanceId,
        staffActor(request),
        lang,
      );
      if (result.kind === 'not_found') throw new HttpError(404, 'license.instance_not_found');
      return answer(result, 'staff.license.instance_freed', lang);
    },
  );

  done();
};

export default adminLicenseRoutes;
