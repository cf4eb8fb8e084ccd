import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';

/** Placeholder while a page or its data loads: keeps the footer below the fold. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center py-20 text-brand-700">
      <Spinner size="lg" label={t('status.pageLoading')} />
    </div>
  );
}
