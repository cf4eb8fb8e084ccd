import { useQuery } from '@tanstack/react-query';
import type { PublicRelease } from '@cadran/domain/release-api';
import { apiClient } from '@/lib/api-client';

export const RELEASES_PATH = '/api/v1/website/releases';
export const releasesKey = ['releases'] as const;

/** GET /releases: the published stable releases, newest first, never a download link. */
export async function getReleases(signal?: AbortSignal): Promise<PublicRelease[]> {
  const { PublicReleasesResponseSchema } = await import('@cadran/domain/release-api');
  const body = await apiClient.get(RELEASES_PATH, {
    schema: PublicReleasesResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return body.releases;
}

export const useReleases = () =>
  useQuery({ queryKey: releasesKey, queryFn: ({ signal }) => getReleases(signal) });
