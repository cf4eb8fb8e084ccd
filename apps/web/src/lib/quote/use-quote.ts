import type { Language } from '@cadran/domain/constants';
import type { QuoteRequestInput } from '@cadran/domain/quote';
import type { QuoteAnswer } from '@cadran/domain/quote-answer';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiRequestError } from '@/lib/api-client';
import { requestQuote } from './request-quote';

export const quoteKey = (request: QuoteRequestInput | null, lang: Language) =>
  ['quote', lang, request] as const;

export interface QuoteState {
  /** The server's price of the request, or of the last request it priced while a new one runs. */
  quote: QuoteAnswer | null;
  /** A request is on its way: the amounts shown may be about to change. */
  updating: boolean;
  /** Field errors of a refused request (`vat_number`, `promo_code`...), already translated. */
  fieldErrors: Record<string, string[]>;
  /** What went wrong when no price could be had, in the reader's language. */
  failure: string | null;
}

/**
 * The server's quote of `request` (null: nothing to price), asked again whenever the request
 * changes: callers change it on a committed value (an applied code, a left field, a pause in
 * typing), never per keystroke. A refused request keeps the last price shown beside its error.
 */
export function useQuote(request: QuoteRequestInput | null, lang: Language): QuoteState {
  const query = useQuery({
    queryKey: quoteKey(request, lang),
    queryFn: ({ signal }) => requestQuote(request as QuoteRequestInput, signal),
    enabled: request !== null,
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    meta: { refusalsExpected: true },
  });
  // Kept from render to render (React's pattern for a value derived from earlier renders).
  const [lastGood, setLastGood] = useState<QuoteAnswer | null>(null);
  if (query.data && !query.isPlaceholderData && query.data !== lastGood) setLastGood(query.data);
  const error = query.isError ? query.error : null;
  return {
    quote: request === null ? null : (query.data ?? lastGood),
    updating: query.isFetching,
    fieldErrors: isApiRequestError(error) ? error.errors : {},
    failure: error ? error.message : null,
  };
}
