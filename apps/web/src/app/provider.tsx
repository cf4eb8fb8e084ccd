import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { TextsContext, type Texts } from '@/islands/texts';
import { currentLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

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
