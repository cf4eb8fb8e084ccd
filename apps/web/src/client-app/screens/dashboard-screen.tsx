import type { OwnedLicense } from '@cadran/domain/license-api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { formatDate, formatMoney } from '@/lib/format';
import { useLicences } from '../api/licences';
import { useOrderList } from '../api/orders';
import { Panel, QueryState, ScreenTitle } from '../components/screen';
import { LicenceStatusBadge } from '../components/status-badges';
import { OrdersTable } from './orders-table';

const SOON_MS = 30 * 24 * 60 * 60 * 1000;

/** Licences ending within 30 days, or already in their grace period. */
const expiringSoon = (licences: OwnedLicense[], now = Date.now()) =>
  licences.filter(
    (licence) =>
      licence.status === 'grace' ||
      (licence.status === 'active' &&
        licence.expires_at !== null &&
        new Date(licence.expires_at).getTime() - now < SOON_MS),
  );

export function DashboardScreen() {
  const { t } = useTranslation('client');
  const user = useAuthStore((state) => state.user);
  const orders = useOrderList(1, 20);
  const licences = useLicences();
  const pending = (orders.data?.orders ?? []).filter(
    (order) => order.status === 'pending' && order.payment_status !== 'paid',
  );
  const soon = expiringSoon(licences.data ?? []);

  return (
    <>
      <ScreenTitle
        title={t('dashboard.title')}
        intro={user?.firstName ? t('dashboard.hello', { name: user.firstName }) : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('dashboard.pending')} id="dashboard-pending">
          {orders.data ? (
            pending.length === 0 ? (
              <p className="text-slate-700">{t('dashboard.noPending')}</p>
            ) : (
              <ul className="space-y-3">
                {pending.map((order) => (
                  <li key={order.id} className="flex flex-wrap items-center justify-between gap-3">
                    <span>
                      <span className="font-mono font-semibold">{order.order_number}</span>
                      <span className="block text-sm text-slate-600">
                        {formatMoney(order.total)} · {formatDate(order.created_at)}
                      </span>
                    </span>
                    <LinkButton size="sm" to={`/orders/${order.id}`}>
                      {t('dashboard.finishPayment')}
                    </LinkButton>
                  </li>
                ))}
              </ul>
            )
          ) : (
            <QueryState
              pending={orders.isPending}
              error={orders.error}
              retry={() => void orders.refetch()}
            />
          )}
        </Panel>
        <Panel title={t('dashboard.expiring')} id="dashboard-expiring">
          {licences.data ? (
            soon.length === 0 ? (
              <p className="text-slate-700">{t('dashboard.noExpiring')}</p>
            ) : (
              <ul className="space-y-3">
                {soon.map((licence) => (
                  <li
                    key={licence.id}
                    className="flex flex-wrap items-center justify-between gap-3"
                  >
                    <span>
                      <Link
                        to={`/licences/${licence.id}`}
                        className="font-semibold text-brand-700 underline"
                      >
                        {licence.template.name}
                      </Link>
                      <span className="block text-sm text-slate-600">
                        {licence.expires_at &&
                          t('licence.expiresOn', { date: formatDate(licence.expires_at) })}
                      </span>
                    </span>
                    <LicenceStatusBadge status={licence.status} />
                  </li>
                ))}
              </ul>
            )
          ) : (
            <QueryState
              pending={licences.isPending}
              error={licences.error}
              retry={() => void licences.refetch()}
            />
          )}
        </Panel>
      </div>
      <div className="mt-6">
        <Panel
          title={t('dashboard.recent')}
          id="dashboard-recent"
          actions={
            <LinkButton variant="outline" size="sm" to="/orders">
              {t('dashboard.allOrders')}
            </LinkButton>
          }
        >
          {orders.data ? (
            <OrdersTable orders={orders.data.orders.slice(0, 5)} caption={t('dashboard.recent')} />
          ) : (
            <QueryState
              pending={orders.isPending}
              error={orders.error}
              retry={() => void orders.refetch()}
            />
          )}
        </Panel>
      </div>
    </>
  );
}
