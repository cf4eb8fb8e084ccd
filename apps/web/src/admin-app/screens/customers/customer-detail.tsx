import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminApi } from '../../api/admin-api';
import {
  CustomerDetailSchema,
  LockAnswerSchema,
  SessionsEndedAnswerSchema,
  type CustomerDetail,
} from '../../api/sales-schemas';
import { useAdminResource } from '../../api/use-admin-list';
import { useAdminAction } from '../../api/use-admin-mutation';
import { formatAmount, formatDay, formatWhen } from '../../format';
import { BackLink, ScreenHeader } from '../../layout/screen-header';
import { AdminOnly } from '../../ui/admin-only';
import { ConfirmAction } from '../../ui/confirm-action';
import { LicenceLinks } from '../../ui/licence-links';
import { LoadState } from '../../ui/load-state';
import { Facts, Panel } from '../../ui/panel';
import { StatusBadge } from '../../ui/status-badge';

/** One client: profile, orders, licences, open sessions; administrators end sessions and lock. */
export function CustomerDetailScreen() {
  const { id = '' } = useParams();
  const query = useAdminResource(['customer', id], `/customers/${id}`, CustomerDetailSchema);
  return (
    <LoadState query={query}>{(detail) => <CustomerView id={id} detail={detail} />}</LoadState>
  );
}

function CustomerView({ id, detail }: { id: string; detail: CustomerDetail }) {
  const { t } = useTranslation('admin-sales');
  const { customer } = detail;
  const changed = [
    ['admin', 'customer', id],
    ['admin', 'customers'],
  ] as const;
  const endSessions = useAdminAction(
    () => adminApi.post(`/customers/${id}/sessions/end`, {}, SessionsEndedAnswerSchema),
    changed,
  );
  const lock = useAdminAction(
    (reason: string) => adminApi.post(`/customers/${id}/lock`, { reason }, LockAnswerSchema),
    changed,
  );
  const unlock = useAdminAction(
    () => adminApi.post(`/customers/${id}/unlock`, {}, LockAnswerSchema),
    changed,
  );
  const { locked } = customer;

  return (
    <>
      <BackLink to="/customers">{t('customers.back')}</BackLink>
      <ScreenHeader
        title={customer.name || customer.email}
        description={customer.email}
        actions={
          <AdminOnly>
            <ConfirmAction
              label={t('customers.endSessions')}
              title={t('customers.endSessionsTitle')}
              description={t('customers.endSessionsIntro')}
              confirmLabel={t('customers.endSessionsConfirm')}
              pending={endSessions.pending}
              failure={endSessions.failure}
              onConfirm={async () => (await endSessions.run(undefined)) !== undefined}
            />
            {locked ? (
              <ConfirmAction
                label={t('customers.unlock')}
                title={t('customers.unlockTitle')}
                description={t('customers.unlockIntro')}
                confirmLabel={t('customers.unlock')}
                variant="primary"
                pending={unlock.pending}
                failure={unlock.failure}
                onConfirm={async () => (await unlock.run(undefined)) !== undefined}
              />
            ) : (
              <ConfirmAction
                label={t('customers.lock')}
                title={t('customers.lockTitle')}
                description={t('customers.lockIntro')}
                confirmLabel={t('customers.lock')}
                reason={{ label: t('orders.reason'), required: true }}
                pending={lock.pending}
                failure={lock.failure}
                onConfirm={async (reason) => (await lock.run(reason)) !== undefined}
              />
            )}
          </AdminOnly>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Panel title={t('customers.profile')}>
          <Facts
            items={[
              [t('customers.company'), customer.company || '—'],
              [t('customers.country'), customer.country || '—'],
              [t('customers.since'), formatDay(customer.created_at)],
              [
                t('customers.state'),
                <StatusBadge key="s" group="account" value={locked ? 'locked' : 'open'} />,
              ],
              [t('customers.verified'), customer.email_verified ? '✓' : '—'],
              ...(customer.lock_reason
                ? [[t('customers.lockReason'), customer.lock_reason] as [string, string]]
                : []),
            ]}
          />
        </Panel>
        <Panel title={t('customers.orders')} className="lg:col-span-2">
          <ul className="divide-y divide-slate-100 text-sm">
            {detail.orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  to={`/orders/${order.id}`}
                  className="font-mono text-brand-700 hover:underline"
                >
                  {order.order_number}
                </Link>
                <span className="flex items-center gap-2">
                  <StatusBadge group="payment" value={order.payment_status} />
                  <span className="tabular-nums">{formatAmount(order.total)}</span>
                </span>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t('customers.licences')} className="lg:col-span-2">
          <LicenceLinks licences={detail.licences} />
        </Panel>
        <Panel title={t('customers.sessions')}>
          {detail.sessions.length === 0 ? (
            <p className="text-sm text-slate-600">{t('customers.noSessions')}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {detail.sessions.map((session) => (
                <li key={session.id}>
                  {t('customers.sessionSeen', {
                    when: formatWhen(session.last_seen_at),
                  })}
                  <span className="block text-slate-600">
                    {t('customers.sessionEnds', { when: formatWhen(session.expires_at) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
