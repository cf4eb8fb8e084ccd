import { toggleLanguage } from '@cadran/domain/language';
import { pathInLanguage } from '@cadran/domain/localized-path';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { currentLanguage } from '@/lib/i18n';
import { saveLanguage } from '@/lib/language';
import { GlobeIcon } from './icons';

/**
 * One link swaps French and English (docs/product.md 'Languages and texts'): it goes to the
 * same page at the other language's address, a plain link that works without JavaScript. A
 * click also saves the choice (storage and cookie), so a French address later brings the
 * visitor back to the English page. Its visible text is the target language code and its
 * accessible name says which language the site switches to.
 */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const target = toggleLanguage(currentLanguage());
  // `pathname` is inside the router's basename: the page's path without the /en prefix.
  const href = `${pathInLanguage(pathname, target)}${search}`;
  return (
    <a
      href={href}
      hrefLang={target}
      onClick={() => saveLanguage(target)}
      aria-label={t('language.switchLabel')}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      <GlobeIcon />
      <span>{t('language.short')}</span>
    </a>
  );
}
