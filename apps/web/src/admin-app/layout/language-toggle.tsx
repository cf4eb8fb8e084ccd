import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { switchAdminLanguage } from '../language';

/** Switches the back office between French and English, and remembers the choice. */
export function LanguageToggle() {
  const { t } = useTranslation('admin');
  const other = currentLanguage() === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      lang={other}
      className={buttonClasses({ variant: 'ghost', size: 'sm' })}
      onClick={() => void switchAdminLanguage(other)}
    >
      {t(`shell.switchTo.${other}`)}
    </button>
  );
}
