import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { successEnvelope } from '@cadran/domain/api';
import { apiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

export const NEWSLETTER_CONFIRM_PATH = '/api/v1/website/newsletter/confirm';

const AnswerSchema = successEnvelope({ message: z.string().optional() });

export function confirmNewsletter(token: string, signal?: AbortSignal) {
  return apiClient.post(
    NEWSLETTER_CONFIRM_PATH,
    { token },
    {
      schema: AnswerSchema,
      headers: { 'Accept-Language': currentLanguage() },
      ...(signal ? { signal } : {}),
    },
  );
}

/**
 * Confirms once per token. Confirming is idempotent on the server, so a query (cached, not
 * retried on a 4xx) suits it better than a mutation fired from an effect.
 */
export function useNewsletterConfirmation(token: string) {
  return useQuery({
    queryKey: ['newsletter', 'confirm', token],
    queryFn: ({ signal }) => confirmNewsletter(token, signal),
    enabled: token !== '',
    staleTime: Infinity,
  });
}
