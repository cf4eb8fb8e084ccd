import { useTranslation } from 'react-i18next';
import { formatCents, formatDate } from '@/lib/format';
import type { RenewingLicence } from '@/lib/renewals/schemas';

/** One line of the licence list: whether it renews itself, and the next charge when it does. */
export function RenewalSummary({ licence }: { licence: RenewingLicence }) {
  const { t } = useTranslation('renewals');
  const autoRenew = licence.auto_renew;
  if (!autoRenew || !licence.renewable) return null;
  if (!autoRenew.enabled) {
    return <span className="block text-sm text-slate-600">{t('summary.off')}</span>;
  }
  return (
    <span className="block text-sm text-slate-600">
      {autoRenew.next_charge_at && autoRenew.next_amount !== null
        ? t('summary.on', {
            amount: formatCents(autoRenew.next_amount),
            date: formatDate(autoRenew.next_charge_at),
          })
        : t('summary.onNoDate')}
    </span>
  );
}
