import type { QuoteRequestInput } from '@cadran/domain/quote';
import type { QuoteAnswer } from '@cadran/domain/quote-answer';
import { readQuoteEnvelope } from '@cadran/domain/quote-answer-reader';
import { apiClient } from '@/lib/api-client';

export const QUOTE_PATH = '/api/v1/website/quote';

/**
 * POST /api/v1/website/quote: the server's price of a cart, the one pricing the order uses
 * (docs/decisions/021-the-screens-show-the-server-quote.md). The answer is read by hand, not
 * with its zod schema: the cart asks for it and ships no zod (docs/quality.md).
 */
export async function requestQuote(
  body: QuoteRequestInput,
  signal?: AbortSignal,
): Promise<QuoteAnswer> {
  return apiClient.post(QUOTE_PATH, body, {
    read: readQuoteEnvelope,
    ...(signal ? { signal } : {}),
  });
}
