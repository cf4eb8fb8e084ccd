import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { isApiRequestError } from '@/lib/api-client';

/** A screen's title (document and heading) and its optional actions. */
export function ScreenTitle({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <PageMeta title={title} />
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {intro && <p className="mt-2 max-w-2xl text-slate-700">{intro}</p>}
      </div>
      {children}
    </div>
  );
}

/** A white panel with a heading, the unit of every screen. */
export function Panel({
  title,
  id,
  children,
  actions,
}: {
  title: string;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <TitledCard
      title={title}
      id={id}
      actions={actions}
      className="sm:p-6"
      headerClassName="gap-3"
      headingClassName="text-xl font-semibold text-slate-900"
    >
      {children}
    </TitledCard>
  );
}

/** What a screen shows while its data loads or when it could not be read. */
export function QueryState({
  pending,
  error,
  retry,
  notFound,
}: {
  pending: boolean;
  error: unknown;
  retry: () => void;
  /** The message of a 404 (another account's object looks the same as an unknown one). */
  notFound?: string;
}) {
  const { t } = useTranslation('client');
  if (pending) {
    return (
      <div className="flex min-h-40 items-center justify-center text-brand-700">
        <Spinner size="lg" label={t('state.loading')} />
      </div>
    );
  }
  if (notFound && isApiRequestError(error) && error.status === 404) {
    return <Alert tone="warning">{notFound}</Alert>;
  }
  return (
    <Alert tone="error" title={t('state.errorTitle')}>
      <p>{isApiRequestError(error) ? error.message : t('state.error')}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={retry}>
        {t('state.retry')}
      </Button>
    </Alert>
  );
}

/** The message of a failed action, the server's when it sent one. */
export const failureMessage = (error: unknown, fallback: string): string =>
  isApiRequestError(error) ? (error.serverMessage ?? error.message) : fallback;
