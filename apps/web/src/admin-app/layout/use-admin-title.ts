import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Each screen names the document after itself, as the site's pages do. */
export function useAdminTitle(title: string): void {
  const { t } = useTranslation('admin');
  const suffix = t('shell.titleSuffix');
  useEffect(() => {
    document.title = `${title} · ${suffix}`;
  }, [title, suffix]);
}
