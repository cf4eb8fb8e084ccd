import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { adminApi } from '../../api/admin-api';
import {
  OrderActionAnswerSchema,
  OrderDetailSchema,
  type OrderDetail,
} from '../../api/sales-schemas';
import { useAdminResource } from '../../api/use-admin-list';
import { useAdminAction } from '../../api/use-admin-mutation';
import { formatAmount, formatWhen } from '../../format';
import { BackLink, ScreenHeader } from '../../layout/screen-header';
import { AdminOnly } from '../../ui/admin-only';
import { ConfirmAction } from '../../ui/confirm-action';
import { LicenceLinks } from '../../ui/licence-links';
import { LoadState } from '../../ui/load-state';
import { Facts, Panel } from '../../ui/panel';
import { StatusBadge } from '../../ui/status-badge';
import { describeFlagReason } from './event-reason';
import { OrderBilling } from './order-billing';
import { OrderHistory } from './order-history';
import { OrderLines } from './order-lines';
import { ResendMail } from './resend-mail';
import { awaitsTransfer, SettleTransfer } from './settle-transfer';

/**
 * A consumer's withdrawal asked from the client area: staff refund it with the order's refund
 * (credit note, licences revoked); once refunded, the notice says so.
 */
function WithdrawalNotice({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const withdrawal = order.withdrawal;
  if (!withdrawal?.requested_at) return null;
  const date = formatWhen(withdrawal.requested_at);
  return withdrawal.state === 'refunded' ? (
    <Alert tone="success" title={t('orders.withdrawal.title')} className="mb-6">
      {t('orders.withdrawal.refunded', { date })}
    </Alert>
  ) : (
    <Alert tone="warning" title={t('orders.withdrawal.title')} className="mb-6">
      {t('orders.withdrawal.requested', { date, total: formatAmount(order.total) })}
    </Alert>
  );
}

/** One order: who, what, how it was paid, its documents and history, and what can be done. */
export function OrderDetailScreen() {
  const { id = '' } = useParams();
  const query = useAdminResource(['order', id], `/orders/${id}`, OrderDetailSchema);
  return <LoadState query={query}>{({ order }) => <OrderView order={order} />}</LoadState>;
}

function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const changed = [
    ['admin', 'order', order.id],
    ['admin', 'orders'],
    ['admin', 'dashboard'],
  ] as const;
  const cancel = useAdminAction(
    (reason: string) =>
      adminApi.post(
        `/orders/${order.id}/cancel`,
        reason ? { reason } : {},
        OrderActionAnswerSchema,
      ),
    changed,
  );
  const refund = useAdminAction(
    (reason: string) =>
      adminApi.post(`/orders/${order.id}/refund`, { reason }, OrderActionAnswerSchema),
    changed,
  );
  const cancellable = order.status === 'pending' && order.payment_status !== 'paid';
  const refundable = order.payment_status === 'paid';

  return (
    <>
      <BackLink to="/orders">{t('orders.back')}</BackLink>
      <ScreenHeader
        title={t('orders.detailTitle', { number: order.order_number })}
        description={formatWhen(order.created_at)}
        actions={
          <>
            {awaitsTransfer(order) && <SettleTransfer order={order} />}
            <AdminOnly>
              {cancellable && (
                <ConfirmAction
                  label={t('orders.cancel')}
                  title={t('orders.cancelTitle')}
                  description={t('orders.cancelIntro')}
                  confirmLabel={t('orders.cancelConfirm')}
                  reason={{ label: t('orders.reason') }}
                  pending={cancel.pending}
                  failure={cancel.failure}
                  onConfirm={async (reason) => (await cancel.run(reason)) !== undefined}
                />
              )}
              {refundable && (
                <ConfirmAction
                  label={t('orders.refund')}
                  title={t('orders.refundTitle')}
                  description={t('orders.refundIntro', { total: formatAmount(order.total) })}
                  confirmLabel={t('orders.refundConfirm')}
                  reason={{ label: t('orders.reason'), required: true }}
                  pending={refund.pending}
                  failure={refund.failure}
                  onConfirm={async (reason) => (await refund.run(reason)) !== undefined}
                />
              )}
            </AdminOnly>
          </>
        }
      />
      <WithdrawalNotice order={order} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Panel title={t('orders.summary')}>
            <Facts
              items={[
                [t('orders.status'), <StatusBadge key="s" group="order" value={order.status} />],
                [
                  t('orders.payment'),
                  <StatusBadge key="p" group="payment" value={order.payment_status} />,
                ],
                [
                  t('orders.method'),
                  ta(`status.method.${order.payment_method}`, {
                    defaultValue: order.payment_method,
                  }),
                ],
                [t('orders.total'), formatAmount(order.total)],
                [t('orders.excl'), formatAmount(order.taxable)],
                ...(order.flagged_reason
                  ? [
                      [t('orders.flagged'), describeFlagReason(t, order.flagged_reason)] as [
                        string,
                        string,
                      ],
                    ]
                  : []),
              ]}
            />
          </Panel>
          <OrderLines order={order} />
          <OrderHistory order={order} />
        </div>
        <div className="space-y-6">
          <OrderBilling order={order} />
          <Panel title={t('orders.customer')}>
            <Facts
              items={[
                [t('customers.name'), order.customer.name || '—'],
                [t('customers.email'), order.customer.email],
                [t('customers.company'), order.customer.company || '—'],
              ]}
            />
            <Link
              to={`/customers/${order.customer.id}`}
              className="mt-4 inline-block text-sm text-brand-700 hover:underline"
            >
              {t('orders.openCustomer')}
            </Link>
          </Panel>
          <Panel title={t('orders.licences')}>
            {order.licences.length === 0 ? (
              <p className="text-sm text-slate-600">{t('orders.noLicences')}</p>
            ) : (
              <LicenceLinks licences={order.licences} />
            )}
          </Panel>
          <ResendMail order={order} />
        </div>
      </div>
    </>
  );
}
