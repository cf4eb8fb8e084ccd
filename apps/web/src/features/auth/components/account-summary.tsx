import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { countryDisplayName } from '@cadran/domain/countries';
import { AnchorButton, LinkButton } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { useAuthStore } from '../store/auth-store';
import { AuthNotice } from './auth-notice';
import { ConnectedAs } from './connected-as';

/** What a signed-in client sees on /account: who is connected, their details, where to go next. */
export function AccountSummary({
  headingRef,
}: {
  headingRef?: Ref<HTMLHeadingElement> | undefined;
}) {
  const { t } = useTranslation('auth');
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  const language = currentLanguage();

  const rows = [
    { key: 'email', value: user.email },
    { key: 'company', value: user.company },
    { key: 'phone', value: user.phone },
    {
      key: 'address',
      value: [
        user.address,
        `${user.postal_code} ${user.city}`.trim(),
        countryDisplayName(user.country, language),
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ].filter((row) => row.value);

  return (
    <section
      aria-labelledby="account-summary-title"
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-8"
    >
      <AuthNotice className="mb-6 empty:mb-0" />
      <h2 id="account-summary-title" ref={headingRef} tabIndex={-1} className="text-2xl">
        {t('account.hello', { name: user.firstName })}
      </h2>
      <ConnectedAs className="mt-5" />
      <h3 className="mt-8 text-lg">{t('account.detailsTitle')}</h3>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.key} className="min-w-0">
            <dt className="text-sm text-slate-600">{t(`fields.${row.key}`)}</dt>
            <dd className="mt-0.5 whitespace-pre-line text-slate-900 wrap-anywhere">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <AnchorButton href="/client" size="lg">
          {t('account.clientArea')}
        </AnchorButton>
        <LinkButton to="/pricing" variant="outline" size="lg">
          {t('account.browseLicences')}
        </LinkButton>
      </div>
    </section>
  );
}
