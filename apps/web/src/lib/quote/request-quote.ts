import type { QuoteRequestInput } from '@cadran/domain/quote';
import type { QuoteAnswer } from '@cadran/domain/quote-answer';
import { apiClient } from '@/lib/api-client';

export const QUOTE_PATH = '/api/v1/website/quote';

/**
 * POST /api/v1/website/quote: the server's price of a cart, the one pricing the order uses
 * (docs/decisions/021-the-screens-show-the-server-quote.md). The schema that reads the answer
 * loads with the first request, not with the page.
 */
export async function requestQuote(
  body: QuoteRequestInput,
  signal?: AbortSignal,
): Promise<QuoteAnswer> {
  const [{ QuoteSchema }, { successEnvelope }] = await Promise.all([
    import('@cadran/domain/quote-answer'),
    import('@cadran/domain/api'),
  ]);
  const answer = await apiClient.post(QUOTE_PATH, body, {
    schema: successEnvelope({ quote: QuoteSchema }),
    ...(signal ? { signal } : {}),
  });
  return answer.quote;
}
