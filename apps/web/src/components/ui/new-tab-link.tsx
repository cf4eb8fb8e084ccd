import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@cadran/domain/constants';
import { pathInLanguage } from '@cadran/domain/localized-path';

/**
 * A link to a page of the site that opens in a new tab, so a form being filled in stays as it
 * is; screen readers are told where it opens. `href` is the page's French path: the link goes to
 * its twin in the reader's language (English under /en), whatever application it sits in.
 */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <a
      href={pathInLanguage(href, language)}
      target="_blank"
      rel="noopener"
      className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
    >
      {children}
      <span className="sr-only"> {t('newTab')}</span>
    </a>
  );
}
