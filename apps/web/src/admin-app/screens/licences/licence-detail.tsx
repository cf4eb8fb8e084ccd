import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { inputClasses } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { adminApi } from '../../api/admin-api';
import {
  LicenceChangedSchema,
  LicenceDetailSchema,
  type LicenceDetail,
} from '../../api/sales-schemas';
import { useAdminResource } from '../../api/use-admin-list';
import { useAdminAction } from '../../api/use-admin-mutation';
import { formatDay, formatWhen } from '../../format';
import { BackLink, ScreenHeader } from '../../layout/screen-header';
import { AdminOnly } from '../../ui/admin-only';
import { ConfirmAction } from '../../ui/confirm-action';
import { LoadState } from '../../ui/load-state';
import { Facts, Panel } from '../../ui/panel';
import { StatusBadge } from '../../ui/status-badge';
import { licenceDomains } from './licences-list';

/** One licence: its state, installations and order; administrators suspend, revoke, extend. */
export function LicenceDetailScreen() {
  const { id = '' } = useParams();
  const query = useAdminResource(['licence', id], `/licenses/${id}`, LicenceDetailSchema);
  return <LoadState query={query}>{({ license }) => <LicenceView licence={license} />}</LoadState>;
}

function LicenceView({ licence }: { licence: LicenceDetail }) {
  const { t } = useTranslation('admin-sales');
  const [until, setUntil] = useState('');
  const changed = [
    ['admin', 'licence', licence.id],
    ['admin', 'licences'],
  ] as const;
  const path = `/licenses/${licence.id}`;
  const act = (name: string) => (body: object) =>
    adminApi.post(`${path}/${name}`, body, LicenceChangedSchema);
  const suspend = useAdminAction(act('suspend'), changed);
  const reinstate = useAdminAction(act('reinstate'), changed);
  const revoke = useAdminAction(act('revoke'), changed);
  const extend = useAdminAction(act('extend'), changed);
  const free = useAdminAction(
    (instance: string) =>
      adminApi.post(`${path}/instances/${instance}/deactivate`, {}, LicenceChangedSchema),
    changed,
  );
  const final = licence.status === 'revoked';

  return (
    <>
      <BackLink to="/licences">{t('licences.back')}</BackLink>
      <ScreenHeader
        title={t('licences.detailTitle')}
        description={<span className="font-mono">{licence.key}</span>}
        actions={
          <AdminOnly>
            {!final && licence.status !== 'suspended' && (
              <ConfirmAction
                label={t('licences.suspend')}
                title={t('licences.suspendTitle')}
                description={t('licences.suspendIntro')}
                confirmLabel={t('licences.suspend')}
                reason={{ label: t('orders.reason'), required: true }}
                pending={suspend.pending}
                failure={suspend.failure}
                onConfirm={async (reason) => (await suspend.run({ reason })) !== undefined}
              />
            )}
            {licence.status === 'suspended' && (
              <ConfirmAction
                label={t('licences.reinstate')}
                title={t('licences.reinstateTitle')}
                description={t('licences.reinstateIntro')}
                confirmLabel={t('licences.reinstate')}
                variant="primary"
                pending={reinstate.pending}
                failure={reinstate.failure}
                onConfirm={async () => (await reinstate.run({})) !== undefined}
              />
            )}
            {!final && (
              <ConfirmAction
                label={t('licences.revoke')}
                title={t('licences.revokeTitle')}
                description={t('licences.revokeIntro')}
                confirmLabel={t('licences.revoke')}
                reason={{ label: t('orders.reason'), required: true }}
                pending={revoke.pending}
                failure={revoke.failure}
                onConfirm={async (reason) => (await revoke.run({ reason })) !== undefined}
              />
            )}
          </AdminOnly>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('licences.state')}>
          <Facts
            items={[
              [
                t('licences.status'),
                <StatusBadge key="s" group="licence" value={licence.status} />,
              ],
              ...(licence.state_reason
                ? [[t('licences.reason'), licence.state_reason] as [string, string]]
                : []),
              [t('licences.template'), licence.template.name],
              [t('licences.domains'), licenceDomains(licence) || '—'],
              [
                t('licences.expires'),
                licence.expires_at ? formatDay(licence.expires_at) : t('licences.never'),
              ],
              [t('licences.customer'), licence.customer.email],
              [
                t('licences.order'),
                <Link
                  key="o"
                  to={`/orders/${licence.order.id}`}
                  className="font-mono text-brand-700 hover:underline"
                >
                  {licence.order.order_number}
                </Link>,
              ],
            ]}
          />
          <AdminOnly>
            {!final && licence.expires_at && (
              <form
                className="mt-5 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (until) void extend.run({ until });
                }}
              >
                <div>
                  <label
                    htmlFor="licence-extend"
                    className="block text-sm font-semibold text-slate-900"
                  >
                    {t('licences.extendUntil')}
                  </label>
                  <input
                    id="licence-extend"
                    type="date"
                    required
                    value={until}
                    min={licence.expires_at.slice(0, 10)}
                    onChange={(event) => setUntil(event.target.value)}
                    className={`${inputClasses(false)} mt-2`}
                  />
                </div>
                <Button type="submit" variant="secondary" loading={extend.pending}>
                  {t('licences.extend')}
                </Button>
                {extend.failure && (
                  <p role="alert" className="w-full text-sm text-red-700">
                    {extend.failure.message}
                  </p>
                )}
              </form>
            )}
          </AdminOnly>
        </Panel>
        <Panel title={t('licences.instances')}>
          {licence.instances.length === 0 ? (
            <p className="text-sm text-slate-600">{t('licences.noInstances')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {licence.instances.map((instance) => (
                <li
                  key={instance.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span>
                    <span className="font-medium">{instance.domain}</span>
                    <span className="block text-slate-600">
                      {instance.deactivated_at
                        ? t('licences.freedOn', { when: formatWhen(instance.deactivated_at) })
                        : t('licences.activatedOn', { when: formatWhen(instance.created_at) })}
                      {instance.deactivated_at === null && instance.last_check_in_at && (
                        <>
                          {' · '}
                          {t('licences.lastCheckIn', {
                            when: formatWhen(instance.last_check_in_at),
                          })}
                        </>
                      )}
                    </span>
                  </span>
                  <AdminOnly>
                    {instance.deactivated_at === null && (
                      <Button
                        size="sm"
                        variant="outline"
                        loading={free.pending}
                        onClick={() => void free.run(instance.id)}
                      >
                        {t('licences.free')}
                      </Button>
                    )}
                  </AdminOnly>
                </li>
              ))}
            </ul>
          )}
          {free.failure && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {free.failure.message}
            </p>
          )}
        </Panel>
      </div>
    </>
  );
}
