import { z } from 'zod';
import { successEnvelope } from '@cadran/domain/api';
import type { Language } from '@cadran/domain/constants';
import { NewsletterSubscribeSchema } from '@cadran/domain/contact';
import { translateMessage } from '@cadran/domain/messages';
import { apiClient, isApiRequestError } from '@/lib/api-client';

/** Our double opt-in endpoint (docs/product.md 'Newsletter'). */
export const NEWSLETTER_PATH = '/api/v1/website/newsletter';

const AnswerSchema = successEnvelope({ message: z.string().optional() });

export type SubscribeResult =
  { ok: true; message: string } | { ok: false; message: string; invalidEmail: boolean };

/**
 * A non-empty email address checked with the shared schema, then the subscription. Texts:
 * 'Inscription réussie !' and 'Erreur lors de l'inscription';
 * a refusal for too many attempts keeps the server's own, more precise, message.
 * This module is loaded on first submit, so the footer on every page ships no schema code.
 */
export async function subscribeToNewsletter(
  email: string,
  language: Language,
): Promise<SubscribeResult> {
  const parsed = NewsletterSubscribeSchema.safeParse({ email, locale: language });
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message ?? 'newsletter.email.invalid';
    return { ok: false, message: translateMessage(key, language), invalidEmail: true };
  }
  try {
    const answer = await apiClient.post(NEWSLETTER_PATH, parsed.data, {
      schema: AnswerSchema,
      headers: { 'Accept-Language': language },
    });
    return {
      ok: true,
      message: answer.message || translateMessage('newsletter.success', language),
    };
  } catch (error) {
    const emailError = isApiRequestError(error) ? error.errors.email?.[0] : undefined;
    if (emailError) return { ok: false, message: emailError, invalidEmail: true };
    const rateLimited = isApiRequestError(error) && error.status === 429 && error.serverMessage;
    return {
      ok: false,
      message: rateLimited || translateMessage('newsletter.failed', language),
      invalidEmail: false,
    };
  }
}
