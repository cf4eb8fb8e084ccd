import type { ApiError } from '@cadran/domain/api';
import { isMessageKey, translateMessage } from '@cadran/domain/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/connection-errors';
import { HttpError } from './http-error';
import { requestLanguage } from './language';
import { localize, localizeFieldErrors } from './messages';

/**
 * The one place that turns failures into answers (docs/product.md 'Errors and messages'):
 * every error body is `{ success:false, message, errors? }` (ApiErrorSchema), 4xx answers say
 * what was wrong in the reader's language, 5xx answers say nothing about internals and are
 * logged with the request id. Bad input never becomes a 500.
 */

/** Fastify's own client-error codes and the message key each one gets. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; key: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'error.payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'server.unsupported_media_type' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'server.invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'server.empty_body' },
};

export function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  messageKey: string,
  extra: {
    params?: Record<string, string | number>;
    errors?: Record<string, string[]>;
    code?: string | undefined;
  } = {},
): FastifyReply {
  const body: ApiError = {
    success: false,
    ...(extra.code ? { code: extra.code } : {}),
    message: localize(messageKey, requestLanguage(request), extra.params),
  };
  if (extra.errors && Object.keys(extra.errors).length > 0) body.errors = extra.errors;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/**
 * Schemas of packages/domain put message keys in their issues. Issues that still carry zod's
 * default English sentence get the closest generic key, so a French reader never sees English.
 */
function issueMessageKey(issue: ValidationIssue): string {
  const message = issue.message ?? '';
  if (isMessageKey(message)) return message;
  const origin = issue.params?.origin;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined$/.test(message) ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      return origin === 'string' && issue.params?.minimum === 1
        ? 'validation.required'
        : 'validation.out_of_range';
    case 'too_big':
      return origin === 'string' || origin === 'array'
        ? 'validation.too_long'
        : 'validation.out_of_range';
    case 'not_multiple_of':
      return 'validation.integer';
    default:
      return 'validation.invalid';
  }
}

/**
 * Field errors from schema validation: "/items/0/primary_domain" becomes
 * "items.0.primary_domain", root issues go under "_" (as fieldErrorsFromIssues in the domain
 * package does), and each message key is translated.
 */
function fieldErrors(
  issues: readonly ValidationIssue[],
  request: FastifyRequest,
): Record<string, string[]> {
  const lang = requestLanguage(request);
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
    const field = path === '' ? '_' : path;
    const message = translateMessage(issueMessageKey(issue), lang);
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return sendApiError(request, reply, error.statusCode, error.message, {
        params: error.params,
        code: error.code,
        ...(error.fieldErrors
          ? { errors: localizeFieldErrors(error.fieldErrors, requestLanguage(request)) }
          : {}),
      });
    }

    if (Array.isArray(error.validation) && error.validation.length > 0) {
      return sendApiError(request, reply, 400, 'validation.failed', {
        errors: fieldErrors(error.validation, request),
      });
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendApiError(request, reply, known.status, known.key);

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Other client errors raised by Fastify or a plugin (bad Content-Length, 405...):
      // keep the status, give a generic text rather than a framework sentence.
      const key =
        status === 404
          ? 'error.not_found'
          : status === 413
            ? 'error.payload_too_large'
            : 'server.bad_request';
      return sendApiError(request, reply, status, key);
    }

    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendApiError(request, reply, 503, 'server.database_unavailable');
    }

    request.log.error({ err: error }, 'unhandled error');
    return sendApiError(request, reply, 500, 'error.internal');
  });
}

/**
 * Errors Fastify's router raises before any hook runs (its `frameworkErrors` option): a URL
 * that does not decode, a path parameter longer than the router allows. Without this they get
 * a framework body and none of the security headers. An over-long parameter names nothing we
 * have, so it gets the API's 404, as an unknown id does.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(headers).header('x-request-id', request.id);
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    void sendApiError(
      request,
      reply,
      tooLong ? 404 : 400,
      tooLong ? 'error.not_found' : 'server.bad_request',
    );
  };
}

/** Paths whose unknown routes answer JSON 404 rather than the SPA (the API prefixes). */
export const isApiPath = (url: string): boolean => /^\/(api|website)(\/|$|\?)/.test(url);
