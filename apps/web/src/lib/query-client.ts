import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api-client';
import { logger } from './logger';

// Apart from the app's provider, so an island with a query client of its own (the live roadmap)
// loads no i18n library (docs/decisions/048-islands-on-public-pages.md).

/** A 4xx answer will not change on retry (bad input, not found, forbidden). */
const isClientError = (error: unknown): boolean =>
  isApiRequestError(error) && error.status >= 400 && error.status < 500;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiRequestError(error) && error.kind === 'aborted') return;
        // A refusal the screen shows beside its field (a promo code, a VAT number) is no fault.
        if (query.meta?.refusalsExpected === true && isClientError(error)) return;
        logger.warning('Data request failed', {
          queryKey: query.queryKey,
          kind: isApiRequestError(error) ? error.kind : 'unknown',
          status: isApiRequestError(error) ? error.status : undefined,
          message: error.message,
        });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
        // Catalogue, roadmap and orders change rarely; the roadmap refreshes through realtime.
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: { retry: false },
    },
  });
}
