import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useAuthStore } from '../store/auth-store';

/** The login (or account creation) success message; the store removes it after 3 s. */
export function AuthNotice({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const notice = useAuthStore((state) => state.notice);
  const firstName = useAuthStore((state) => state.user?.firstName ?? '');
  return (
    // The live region stays in the page so screen readers announce the message when it appears.
    <div aria-live="polite" className={className}>
      {notice && <Alert tone="success">{t(`notice.${notice}`, { name: firstName })}</Alert>}
    </div>
  );
}
