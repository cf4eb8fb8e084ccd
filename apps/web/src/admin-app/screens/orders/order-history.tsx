import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../api/sales-schemas';
import { formatAmount, formatDay, formatWhen } from '../../format';
import { Panel } from '../../ui/panel';
import { StatusBadge } from '../../ui/status-badge';
import { describeEventReason } from './event-reason';

/** An order's payments, documents (invoice, credit notes) and events, oldest first. */
export function OrderHistory({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const documents = [
    ...(order.invoice ? [{ ...order.invoice, kind: t('orders.invoice') }] : []),
    ...order.credit_notes.map((note) => ({ ...note, kind: t('orders.creditNote') })),
  ];
  return (
    <>
      <Panel title={t('orders.payments')}>
        {order.payments.length === 0 ? (
          <p className="text-sm text-slate-600">{t('orders.noPayments')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {order.payments.map((payment) => (
              <li
                key={payment.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span>
                  {ta(`status.method.${payment.provider}`, { defaultValue: payment.provider })}
                  <span className="block text-slate-600">
                    {formatWhen(payment.created_at)}
                    {payment.reference ? ` · ${payment.reference}` : ''}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <StatusBadge group="attempt" value={payment.status} />
                  <span className="tabular-nums">{formatAmount(payment.amount)}</span>
                </span>
              </li>
            ))}
            {order.refunds.map((refund) => (
              <li
                key={refund.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span>
                  {t('orders.refundLine')}
                  <span className="block text-slate-600">
                    {formatWhen(refund.created_at)} · {refund.reason}
                  </span>
                </span>
                <span className="tabular-nums">−{formatAmount(refund.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('orders.documents')}>
        {documents.length === 0 ? (
          <p className="text-sm text-slate-600">{t('orders.noDocuments')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {documents.map((document) => (
              <li
                key={`${document.kind}-${document.id}`}
                className="flex justify-between gap-2 py-2"
              >
                <a
                  href={document.url}
                  download
                  aria-label={t('orders.download', {
                    kind: document.kind,
                    number: document.number,
                  })}
                  className="text-brand-700 hover:underline"
                >
                  {document.kind} <span className="font-mono">{document.number}</span>
                </a>
                <span className="text-slate-600">{formatDay(document.issued_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t('orders.events')}>
        <ol className="space-y-3 border-l border-slate-200 pl-4 text-sm">
          {order.events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <span className="flex flex-wrap gap-1">
                <StatusBadge group="order" value={event.to_status} />
                {event.payment_status && (
                  <StatusBadge group="payment" value={event.payment_status} />
                )}
              </span>
              <span className="block text-slate-600">{formatWhen(event.at)}</span>
              {event.reason && (
                <span className="block text-slate-700">{describeEventReason(t, event.reason)}</span>
              )}
            </li>
          ))}
        </ol>
      </Panel>
    </>
  );
}
