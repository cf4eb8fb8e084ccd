import type { Language } from '@cadran/domain/constants';
import type { QuoteRequestInput } from '@cadran/domain/quote';
import { useQueryClient } from '@tanstack/react-query';
import { translateMessage } from '@cadran/domain/messages';
import { isApiRequestError } from '@/lib/api-client';
import { requestQuote } from './request-quote';
import { quoteKey } from './use-quote';

/**
 * Trying a promo code: the request priced with it, once, when the buyer applies it. A code the
 * server accepts is kept (`keep`) and its quote cached for the summary; a refusal answers the
 * message to show beside the field (unknown, expired, used up, not applicable, too many tries).
 */
export function usePromoApply(
  request: Omit<QuoteRequestInput, 'promo_code'> | null,
  lang: Language,
  keep: (code: string) => void,
) {
  const queryClient = useQueryClient();
  return async (typed: string): Promise<string | null> => {
    // normalizePromoCode's rule, without loading the promo rules' schemas into the page.
    const code = typed.trim().toUpperCase();
    if (code === '' || request === null) return null;
    const withCode = { ...request, promo_code: code };
    try {
      const quote = await requestQuote(withCode);
      queryClient.setQueryData(quoteKey(withCode, lang), quote);
      keep(code);
      return null;
    } catch (error) {
      if (!isApiRequestError(error)) return translateMessage('quote.failed', lang);
      return error.errors.promo_code?.[0] ?? error.message;
    }
  };
}
