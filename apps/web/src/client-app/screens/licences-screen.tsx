import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { licencesKey, useLicences } from '../api/licences';
import { Panel, QueryState, ScreenTitle } from '../components/screen';
import { LicenceStatusBadge } from '../components/status-badges';
import { RenewalSummary } from './renewals/renewal-summary';
import { StopRenewalButton } from './renewals/stop-renewal';

export function LicencesScreen() {
  const { t } = useTranslation('client');
  const licences = useLicences();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: licencesKey });
  return (
    <>
      <ScreenTitle title={t('licences.title')} intro={t('licences.intro')} />
      <Panel title={t('licences.listTitle')} id="licences-list">
        {!licences.data ? (
          <QueryState
            pending={licences.isPending}
            error={licences.error}
            retry={() => void licences.refetch()}
          />
        ) : licences.data.length === 0 ? (
          <p className="text-slate-700">{t('licences.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {licences.data.map((licence) => (
              <li
                key={licence.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <span className="min-w-0">
                  <Link
                    to={`/licences/${licence.id}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {licence.template.name}
                  </Link>
                  <span className="block font-mono text-sm break-all text-slate-700">
                    {licence.key}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {t('licences.usage', {
                      count: licence.active_instances,
                      limit: licence.installation_limit,
                    })}
                    {' · '}
                    {t('licences.domains', { count: licence.domains.length })}
                    {' · '}
                    {licence.expires_at
                      ? t('licence.expiresOn', { date: formatDate(licence.expires_at) })
                      : t('licence.neverExpires')}
                  </span>
                  <RenewalSummary licence={licence} />
                </span>
                <span className="flex flex-wrap items-center gap-3">
                  <StopRenewalButton licence={licence} onStopped={reload} />
                  <LicenceStatusBadge status={licence.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
