import { useTranslation } from 'react-i18next';
import { AnchorButton, Button } from '@/components/ui/button';
import { AuthFrame } from './auth-frame';
import { useStaffSession } from './session-store';

/** A client account signed in: the back office is not for it. */
export function NoAccess({ email }: { email: string }) {
  const { t } = useTranslation('admin');
  const signOut = useStaffSession((store) => store.signOut);
  return (
    <AuthFrame title={t('noAccess.title')}>
      <p className="leading-7 text-slate-600">{t('noAccess.body', { email })}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <AnchorButton href="/" variant="outline">
          {t('noAccess.site')}
        </AnchorButton>
        <Button onClick={() => void signOut()}>{t('shell.signOut')}</Button>
      </div>
    </AuthFrame>
  );
}
