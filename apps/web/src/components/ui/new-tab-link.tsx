import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link that opens in a new tab, so a form being filled in stays as it is; screen readers
 * are told where it opens.
 */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
    >
      {children}
      <span className="sr-only"> {t('newTab')}</span>
    </a>
  );
}
