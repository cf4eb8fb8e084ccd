import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { listQuery } from '../table/list-view';
import type { ListViewControls } from '../table/use-list-view';
import { adminApi, queryString } from './admin-api';
import type { ListPage } from './list';

/**
 * One page of a staff list for the view in the address; the previous page stays on screen
 * while the next one loads. `page` is the list's answer as the server's schema reads it.
 * `toApi` adapts a filter to the API where they differ (dates).
 */
export function useAdminList<T>(
  name: string,
  path: string,
  page: z.ZodType<ListPage<T>>,
  controls: ListViewControls,
  toApi: (query: Record<string, string | number>) => Record<string, string | number> = (q) => q,
) {
  const { t } = useTranslation('admin');
  const params = toApi(listQuery(controls.view));
  const query = useQuery({
    queryKey: ['admin', name, params],
    queryFn: ({ signal }) => adminApi.get(`${path}${queryString(params)}`, page, signal),
    placeholderData: keepPreviousData,
  });
  return {
    params,
    rows: query.data?.items,
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    error: query.error ? query.error.message || t('errors.load') : null,
    retry: () => void query.refetch(),
  };
}

/** One staff resource (a detail, the dashboard), reloaded after the actions that change it. */
export function useAdminResource<T>(key: readonly unknown[], path: string, schema: z.ZodType<T>) {
  return useQuery({
    queryKey: ['admin', ...key],
    queryFn: ({ signal }) => adminApi.get(path, schema, signal),
  });
}
