import type { Language } from '@cadran/domain/constants';
import { languageFromAcceptHeader } from '@cadran/domain/language';
import type { FastifyRequest } from 'fastify';

/** 'en' when the visitor's Accept-Language prefers English, else 'fr' (French first). */
export const requestLanguage = (request: FastifyRequest): Language =>
  languageFromAcceptHeader(request.headers['accept-language']);
