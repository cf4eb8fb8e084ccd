import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { TextsContext, type Texts } from '@/islands/texts';
import { isApiRequestError } from '@/lib/api-client';
import { currentLanguage, i18n } from '@/lib/i18n';
import { logger } from '@/lib/logger';

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

/**
 * The components that are islands on the public pages read their texts through `useTexts`:
 * inside the app, that is the app's i18n instance, in the page's current language.
 */
function AppTexts({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  const texts = useMemo<Texts>(
    () => ({
      language: currentLanguage(),
      t: (key, options) => instance.t(key, { ...options, lng: language }),
    }),
    [instance, language],
  );
  return <TextsContext value={texts}>{children}</TextsContext>;
}

export function AppProvider({
  children,
  client,
}: {
  children: ReactNode;
  /** The client holding the data a page drawn on the server was drawn with. */
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <AppTexts>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppTexts>
    </I18nextProvider>
  );
}
