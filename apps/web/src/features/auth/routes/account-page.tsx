import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '@/components/page-meta';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { AccountSummary } from '../components/account-summary';
import { AuthTabs } from '../components/auth-tabs';
import { useSessionStatus } from '../hooks/use-session-status';

const BENEFITS = ['orders', 'licences', 'checkout', 'support'] as const;

/**
 * /account: the login and register tabs on their own page
 * (docs/product.md 'Accounts and sessions'), and once signed in, who is connected, a logout button
 * and the way to the client area at /client.
 */
export function AccountPage() {
  const { t } = useTranslation('auth');
  const status = useSessionStatus();
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);

  // The form that had focus is gone once signed in: focus moves to the greeting instead.
  useEffect(() => {
    if (justSignedIn && status === 'authenticated') summaryHeading.current?.focus();
  }, [justSignedIn, status]);

  return (
    <>
      <PageMeta ns="auth" titleKey="account.metaTitle" descriptionKey="account.metaDescription" />
      <PageHeader title={t('account.title')} intro={t('account.intro')} />
      <Container className="py-12 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,44rem)_20rem] lg:items-start xl:gap-16">
          <div className="min-w-0">
            {status === 'authenticated' ? (
              <AccountSummary headingRef={summaryHeading} />
            ) : status === 'anonymous' ? (
              <AuthTabs onAuthenticated={() => setJustSignedIn(true)} />
            ) : (
              <div className="flex min-h-48 items-center justify-center rounded-card border border-slate-200 text-slate-600">
                <Spinner label={t('session.checking')} />
              </div>
            )}
          </div>
          <aside
            aria-labelledby="account-benefits"
            className="rounded-card border border-slate-200 bg-slate-50 p-6"
          >
            <h2 id="account-benefits" className="text-lg">
              {t('account.benefitsTitle')}
            </h2>
            <ul className="mt-4 space-y-4">
              {BENEFITS.map((benefit) => (
                <li key={benefit} className="flex gap-3 text-sm leading-6 text-slate-700">
                  <svg
                    className="mt-0.5 size-5 shrink-0 text-brand-700"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="m5 12.5 4.5 4.5L19 7.5" />
                  </svg>
                  {t(`account.benefits.${benefit}`)}
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </Container>
    </>
  );
}
