import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { afterSignIn } from '../session';

/** Once signed in (now or already), the visitor goes where they were going. */
function useLeaveOnceSignedIn() {
  const status = useAuthStore((state) => state.status);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');

  useEffect(() => {
    if (status === 'unknown') void useAuthStore.getState().checkSession();
    if (status !== 'authenticated') return;
    const target = afterSignIn(next);
    if ('inApp' in target) void navigate(target.inApp, { replace: true });
    else window.location.assign(target.document);
  }, [status, next, navigate]);

  // The other sign-in screen keeps the way back.
  return next ? `?next=${encodeURIComponent(next)}` : '';
}

function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl">
      <PageMeta title={title} />
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="rounded-card border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {children}
      </div>
    </div>
  );
}

export function SignInScreen() {
  const { t } = useTranslation('client');
  const keepNext = useLeaveOnceSignedIn();
  return (
    <AuthCard title={t('signIn.title')}>
      <LoginForm />
      <div className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
        <Link className="font-semibold text-brand-700 underline" to="/forgot-password">
          {t('signIn.forgot')}
        </Link>
        <Link className="font-semibold text-brand-700 underline" to={`/register${keepNext}`}>
          {t('signIn.create')}
        </Link>
      </div>
    </AuthCard>
  );
}

export function RegisterScreen() {
  const { t } = useTranslation('client');
  const keepNext = useLeaveOnceSignedIn();
  return (
    <AuthCard title={t('register.title')}>
      <RegisterForm />
      <p className="mt-6 text-sm">
        <Link className="font-semibold text-brand-700 underline" to={`/sign-in${keepNext}`}>
          {t('register.haveAccount')}
        </Link>
      </p>
    </AuthCard>
  );
}
