import type { Language } from '@cadran/domain/constants';
import { useTexts } from '@/islands/texts';
import { cn } from '@/lib/cn';
import { saveLanguage } from '@/lib/language';
import { GlobeIcon } from './icons';

export interface LanguageLinkProps {
  /** The same page at the other language's address. */
  href: string;
  target: Language;
  className?: string;
}

/**
 * One link swaps French and English (docs/product.md 'Languages and texts'): it goes to the
 * same page at the other language's address, a plain link that works without JavaScript. A
 * click also saves the choice (storage and cookie), so a French address later brings the
 * visitor back to the English page: here once hydrated, and through `data-language-choice` by
 * the public pages' small runtime before (src/islands/main.ts). Its visible text is the target
 * language code and its accessible name says which language the site switches to.
 */
export function LanguageLink({ href, target, className }: LanguageLinkProps) {
  const { t } = useTexts();
  return (
    <a
      href={href}
      hrefLang={target}
      data-language-choice={target}
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
