import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../api/sales-schemas';
import { formatWhen } from '../../format';
import { StatusBadge } from '../../ui/status-badge';

type Statuses = NonNullable<OrderDetail['invoice']>['einvoice'];

/**
 * What the e-invoicing platform said of one document (docs/product.md 'Back office'): each
 * status with its date, the platform's reference and, for a rejection, its reason.
 */
export function EinvoiceStatuses({ number, statuses }: { number: string; statuses: Statuses }) {
  const { t } = useTranslation('admin-sales');
  const first = statuses[0];
  return (
    <div className="mt-1 text-slate-600">
      <span className="sr-only">{t('orders.einvoice')} · </span>
      {first ? (
        <>
          <ul aria-label={t('orders.einvoiceList', { number })} className="flex flex-wrap gap-2">
            {statuses.map((entry) => (
              <li key={entry.status} className="flex items-center gap-1">
                <StatusBadge group="einvoice" value={entry.status} />
                <span className="text-xs">{formatWhen(entry.at)}</span>
                {entry.detail && <span className="text-xs">· {entry.detail}</span>}
              </li>
            ))}
          </ul>
          <span className="block text-xs">
            {t('orders.einvoiceVia', { platform: first.platform, reference: first.reference })}
          </span>
        </>
      ) : (
        <span className="text-xs">{t('orders.einvoiceNotSent')}</span>
      )}
    </div>
  );
}
