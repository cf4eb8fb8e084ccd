import { pathInLanguage } from '@cadran/domain/localized-path';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { ScreenTitle } from '../components/screen';

/**
 * Where a deletion ends (docs/product.md 'Accounts and sessions' ('Export and deletion')): the
 * account is gone and this browser signed out, so the screen needs no session. It says what
 * was erased, what the law keeps, and that the receipt went to the former address.
 */
export function AccountDeletedScreen() {
  const { t } = useTranslation('client');
  return (
    <div className="mx-auto max-w-xl">
      <ScreenTitle title={t('accountDeleted.title')} />
      <Alert tone="success">{t('accountDeleted.done')}</Alert>
      <p className="mt-4 text-slate-700">{t('accountDeleted.kept')}</p>
      <a href={pathInLanguage('/', currentLanguage())} className={buttonClasses({}, 'mt-6')}>
        {t('accountDeleted.home')}
      </a>
    </div>
  );
}
