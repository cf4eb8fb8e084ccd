import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { readOrderEventReason } from '@cadran/domain/order-events';
import type { Order } from '@cadran/domain/orders';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { formatDateTime, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { Panel } from '../components/screen';
import { OrderStatusBadge, paymentStatusLabel } from '../components/status-badges';

/** The order's invoice and credit notes, as PDF downloads. */
export function OrderDocuments({ order }: { order: Order }) {
  const { t } = useTranslation('client');
  const notes = order.credit_notes ?? [];
  return (
    <Panel title={t('order.documents')} id="order-documents">
      {!order.invoice && notes.length === 0 ? (
        <p className="text-slate-700">{t('order.noDocuments')}</p>
      ) : (
        <ul className="space-y-3">
          {order.invoice && (
            <li className="flex flex-wrap items-center justify-between gap-3">
              <span>{t('order.invoice', { number: order.invoice.number })}</span>
              <a
                href={order.invoice.url}
                download
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                {t('order.downloadInvoice')}
              </a>
            </li>
          )}
          {notes.map((note) => (
            <li key={note.number} className="flex flex-wrap items-center justify-between gap-3">
              <span>
                {t('order.creditNote', { number: note.number })}
                <span className="block text-sm text-slate-600">{formatMoney(note.total)}</span>
              </span>
              <a
                href={note.url}
                download
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                {t('order.downloadCreditNote')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The buyer's switch of payment method in words ("Carte bancaire → PayPal"), else null. */
function methodChange(
  reason: string | null,
  language: Language,
): { from: string; to: string } | null {
  const read = reason === null ? null : readOrderEventReason(reason);
  if (read?.kind !== 'payment_method_changed') return null;
  const name = (method: string) => translateMessage(`payment.${method}.name`, language);
  return { from: name(read.from), to: name(read.to) };
}

/** What happened to the order, oldest first; a change of payment method said in words. */
export function OrderHistory({ order }: { order: Order }) {
  const { t } = useTranslation('client');
  const language = currentLanguage();
  const events = order.events ?? [];
  return (
    <Panel title={t('order.history')} id="order-history">
      <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
        {events.map((event, index) => {
          const changed = methodChange(event.reason, language);
          return (
            <li key={`${event.at}-${index}`}>
              <p className="text-sm text-slate-600">{formatDateTime(event.at)}</p>
              {changed ? (
                <p className="mt-1 text-slate-800">{t('order.methodChanged', changed)}</p>
              ) : (
                <p className="mt-1 flex flex-wrap items-center gap-2">
                  <OrderStatusBadge status={event.to} />
                  {event.payment_status && (
                    <span className="text-sm text-slate-700">
                      {paymentStatusLabel(event.payment_status)}
                    </span>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
