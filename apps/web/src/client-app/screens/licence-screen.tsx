import type { OwnedLicense } from '@cadran/domain/license-api';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/format';
import { freeInstallation, licenceFileUrl, licencesKey, useLicences } from '../api/licences';
import { ConfirmAction } from '../components/confirm-action';
import { CopyButton } from '../components/copy-button';
import { Panel, QueryState, ScreenTitle } from '../components/screen';
import { LicenceStatusBadge } from '../components/status-badges';
import { DomainsEditor } from './domains-editor';
import { AutoRenewPanel } from './renewals/auto-renew-panel';
import { PlanChangePanel } from './renewals/plan-change-panel';
import { RenewalPanel } from './renewals/renewal-panel';

function Installations({
  licence,
  reload,
}: {
  licence: OwnedLicense;
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation('client');
  return (
    <Panel
      title={t('licence.installations', {
        used: licence.active_instances,
        limit: licence.installation_limit,
      })}
      id="licence-installations"
    >
      {licence.instances.length === 0 ? (
        <p className="text-slate-700">{t('licence.noInstallations')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {licence.instances.map((instance) => (
            <li
              key={instance.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <span>
                <span className="font-semibold">{instance.name}</span> · {instance.domain}
                <span className="block text-sm text-slate-600">
                  {t('licence.activatedOn', { date: formatDateTime(instance.created_at) })}
                  {' · '}
                  {instance.last_check_in_at
                    ? t('licence.lastCheckIn', { date: formatDateTime(instance.last_check_in_at) })
                    : t('licence.noCheckIn')}
                </span>
              </span>
              <ConfirmAction
                label={t('licence.free')}
                title={t('licence.freeTitle', { name: instance.name, domain: instance.domain })}
                description={t('licence.freeText')}
                confirmLabel={t('licence.freeConfirm')}
                onConfirm={async () => {
                  await freeInstallation(licence.id, instance.id);
                  await reload();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function LicenceScreen() {
  const { t } = useTranslation('client');
  const { licenceId = '' } = useParams();
  const licences = useLicences();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: licencesKey });
  const licence = licences.data?.find((candidate) => candidate.id === licenceId);

  if (!licence) {
    return (
      <>
        <ScreenTitle title={t('licence.title')} />
        {licences.data ? (
          <Alert tone="warning">{t('licence.notFound')}</Alert>
        ) : (
          <QueryState
            pending={licences.isPending}
            error={licences.error}
            retry={() => void licences.refetch()}
          />
        )}
      </>
    );
  }
  const facts: Array<[string, string]> = [
    [
      t('licence.expiry'),
      licence.expires_at ? formatDate(licence.expires_at) : t('licence.neverExpires'),
    ],
    [
      t('licence.updates'),
      licence.update_permissions
        ? licence.updates_until
          ? t('licence.updatesUntil', { date: formatDate(licence.updates_until) })
          : t('licence.updatesForever')
        : t('licence.securityOnly'),
    ],
    [t('licence.started'), formatDate(licence.starts_at)],
  ];
  return (
    <>
      <ScreenTitle title={licence.template.name}>
        <LicenceStatusBadge status={licence.status} />
      </ScreenTitle>
      <div className="space-y-6">
        <Panel
          title={t('licence.key')}
          id="licence-key"
          actions={
            <a
              href={licenceFileUrl(licence.id)}
              download
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              {t('licence.downloadFile')}
            </a>
          }
        >
          <p className="flex flex-wrap items-center gap-3">
            <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base break-all">
              {licence.key}
            </code>
            <CopyButton value={licence.key} label={t('licence.copyKey')} />
          </p>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="mt-1 font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <AutoRenewPanel licence={licence} reload={reload} />
        <Installations licence={licence} reload={reload} />
        <DomainsEditor licence={licence} onSaved={reload} />
        <RenewalPanel licence={licence} />
        <PlanChangePanel licence={licence} reload={reload} />
      </div>
    </>
  );
}
