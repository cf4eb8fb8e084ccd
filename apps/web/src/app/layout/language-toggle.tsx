import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { switchLanguage } from '@/lib/i18n';
import { GlobeIcon } from './icons';

/**
 * One button swaps French and English (docs/product.md 'Languages and texts'). Its visible text is
 * the target language code and its accessible name says which language the site switches to.
 */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => void switchLanguage()}
      aria-label={t('language.switchLabel')}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      <GlobeIcon />
      <span>{t('language.short')}</span>
    </button>
  );
}
