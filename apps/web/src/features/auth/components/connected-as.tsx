import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '../store/auth-store';

/**
 * A 'connected as' line with a logout button (docs/product.md 'Checkout' ('Who may check out')).
 * Renders nothing while nobody is signed in.
 */
export function ConnectedAs({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
        <p className="min-w-0 text-sm text-slate-700">
          {t('session.connectedAs')}{' '}
          <strong className="font-semibold text-slate-900">
            {user.firstName} {user.lastName}
          </strong>{' '}
          <span className="text-slate-600 wrap-anywhere">({user.email})</span>
        </p>
        <Button variant="outline" size="sm" loading={leaving} onClick={() => void onLogout()}>
          {leaving ? t('session.loggingOut') : t('session.logout')}
        </Button>
      </div>
    </div>
  );
}
