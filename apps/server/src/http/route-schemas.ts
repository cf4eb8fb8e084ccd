import { ApiErrorSchema } from '@cadran/domain/api';
import { z } from 'zod';

/** Pieces of route schemas that many routes share. */

/**
 * The error answers a route documents and may send, each in the one error shape:
 * `response: { 200: AnswerSchema, ...errorAnswers(400, 401, 404) }`.
 */
export function errorAnswers<const S extends number>(
  ...statuses: S[]
): Record<S, typeof ApiErrorSchema> {
  const answers = {} as Record<S, typeof ApiErrorSchema>;
  for (const status of statuses) answers[status] = ApiErrorSchema;
  return answers;
}

/** The bodiless 304 of an answer sent with an ETag (http/prepared-answer.ts). */
export const NotModifiedSchema = z.null().describe('Not modified: the ETag sent still matches');

/**
 * An id in the path. Any text is accepted here and checked by the handler: a malformed id
 * names nothing, so it gets the same 404 as an unknown one (never a 500, never a hint).
 */
export const IdParamsSchema = z.object({ id: z.string().max(100) });
