import { z } from 'zod';
import { successEnvelope } from '@cadran/domain/api';
import type { Language } from '@cadran/domain/constants';
import type { ContactMessage } from '@cadran/domain/contact';
import { apiClient } from '@/lib/api-client';

/** POST /website/contact with name, email, company, subject, message. */
export const CONTACT_PATH = '/website/contact';

const ContactAnswerSchema = successEnvelope({ message: z.string().optional() });
export type ContactAnswer = z.infer<typeof ContactAnswerSchema>;

/**
 * Sends a message the form already validated and trimmed (values are trimmed before sending).
 * The site's language goes along so the server answers, and support replies, in it.
 */
export function sendContactMessage(message: ContactMessage, language: Language) {
  return apiClient.post(CONTACT_PATH, message, {
    schema: ContactAnswerSchema,
    headers: { 'Accept-Language': language },
  });
}
