import {
  DownloadsResponseSchema,
  ReleasePreferencesResponseSchema,
  type ReleasePreferences,
} from '@cadran/domain/release-api';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** The account's downloads and release settings (docs/product.md 'Releases' ('Client area')). */
const DOWNLOADS = '/api/v1/website/downloads';
const PREFERENCES = '/api/v1/website/release-preferences';

export const downloadsKey = ['client', 'downloads'] as const;

export function useDownloads() {
  return useQuery({
    queryKey: [...downloadsKey, currentLanguage()],
    queryFn: ({ signal }) => apiClient.get(DOWNLOADS, { schema: DownloadsResponseSchema, signal }),
    // Download links work 15 minutes: a screen left open reads fresh ones.
    staleTime: 0,
    refetchInterval: 10 * 60 * 1000,
  });
}

export const savePreferences = (preferences: ReleasePreferences) =>
  apiClient.put(PREFERENCES, preferences, { schema: ReleasePreferencesResponseSchema });
