import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecurringDashboardSchema } from '../api/renewal-schemas';
import { useAdminResource } from '../api/use-admin-list';
import { formatAmount } from '../format';
import { ScreenHeader } from '../layout/screen-header';
import { formatNumber } from '@/lib/format';
import { LoadState } from '../ui/load-state';
import { Panel } from '../ui/panel';
import { DailyChart } from './daily-chart';
import { RecurringFigures } from './recurring-figures';

type FigureProps = { label: string; value: string; detail?: string; to?: string };

function Figure({ label, value, detail, to }: FigureProps) {
  const body = (
    <>
      <span className="block text-sm text-slate-600">{label}</span>
      <span className="mt-1 block text-2xl font-semibold text-slate-900 tabular-nums">{value}</span>
      {detail ? (
        <span className="mt-1 block text-sm text-slate-600 tabular-nums">{detail}</span>
      ) : null}
    </>
  );
  return (
    <li className="rounded-card border border-slate-200 bg-white p-4 shadow-sm">
      {to ? (
        <Link to={to} className="block hover:text-brand-700">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/** Today and the last 30 days at a glance, and what waits for someone. */
export function DashboardScreen() {
  const { t } = useTranslation('admin-sales');
  const query = useAdminResource(['dashboard'], '/dashboard', RecurringDashboardSchema);
  return (
    <>
      <ScreenHeader title={t('dashboard.title')} description={t('dashboard.intro')} />
      <LoadState query={query}>
        {(figures) => (
          <div className="space-y-6">
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Figure
                label={t('dashboard.todayOrders')}
                value={formatNumber(figures.today.orders)}
              />
              <Figure
                label={t('dashboard.todayRevenue')}
                value={formatAmount(figures.today.revenue_before_vat)}
                detail={t('dashboard.withVat', { amount: formatAmount(figures.today.revenue) })}
              />
              <Figure
                label={t('dashboard.monthOrders')}
                value={formatNumber(figures.last_30_days.orders)}
              />
              <Figure
                label={t('dashboard.monthRevenue')}
                value={formatAmount(figures.last_30_days.revenue_before_vat)}
                detail={t('dashboard.withVat', {
                  amount: formatAmount(figures.last_30_days.revenue),
                })}
              />
              <Figure
                label={t('dashboard.transfers')}
                value={formatNumber(figures.transfers_awaiting)}
                to="/orders?payment_method=bank_transfer&payment_status=pending"
              />
              <Figure
                label={t('dashboard.messages')}
                value={formatNumber(figures.new_messages)}
                to="/messages?status=new"
              />
              <Figure
                label={t('dashboard.expiring')}
                value={formatNumber(figures.licences_expiring_this_month)}
                to="/licences?status=active&sort=expires_at"
              />
            </ul>
            {figures.recurring && <RecurringFigures recurring={figures.recurring} />}
            <Panel title={t('dashboard.chartTitle')}>
              <DailyChart days={figures.last_30_days.by_day} />
            </Panel>
          </div>
        )}
      </LoadState>
    </>
  );
}
