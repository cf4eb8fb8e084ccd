import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';

/**
 * Placeholder while a page or its data loads. It is a whole screen tall so the footer stays
 * below the fold: when the page arrives nothing visible moves (no layout shift, docs/quality.md).
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center py-20 text-brand-700">
      <Spinner size="lg" label={t('status.pageLoading')} />
    </div>
  );
}
