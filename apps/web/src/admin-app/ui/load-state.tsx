import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A resource's loading and failure states; its content once it has arrived. */
export function LoadState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <Alert tone="error" title={t('table.loadFailed')}>
        <p>{query.error.message}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('table.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <div className="py-16 text-center text-brand-700">
      <Spinner size="lg" label={t('table.loading')} />
    </div>
  );
}
