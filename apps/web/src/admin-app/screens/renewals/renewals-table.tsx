import { cycleLabelKey, isBillingCycle } from '@cadran/domain/billing-cycles';
import { translateMessage } from '@cadran/domain/messages';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MISSING_VALUE } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { RenewalItem } from '../../api/renewal-schemas';
import { formatAmount, formatDay } from '../../format';
import { ScrollRegion } from '../../ui/scroll-region';

/** How far the chase of a failed charge has gone: the failed charges of the term, in words. */
function DunningStage({ stage }: { stage: RenewalItem['dunning_stage'] }) {
  const { t } = useTranslation('admin-renewals');
  if (stage === null || stage === 0) return <>{MISSING_VALUE}</>;
  return <>{typeof stage === 'number' ? t('table.failures', { count: stage }) : stage}</>;
}

/** One list of the renewals screen; failing renewals also show the chase and its last error. */
export function RenewalsTable({
  caption,
  items,
  empty,
  failing = false,
}: {
  caption: string;
  items: readonly RenewalItem[];
  empty: string;
  failing?: boolean;
}) {
  const { t } = useTranslation('admin-renewals');
  const lang = currentLanguage();
  const headers = [
    t('table.licence'),
    t('table.customer'),
    t('table.nextCharge'),
    t('table.amount'),
    t('table.method'),
    ...(failing ? [t('table.stage'), t('table.lastError')] : []),
  ];
  if (items.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.license_id}>
              <th scope="row" className="px-3 py-2 font-medium">
                <Link
                  to={`/licences/${item.license_id}`}
                  className="text-brand-700 hover:underline"
                >
                  {item.template_name}
                </Link>
                <span className="block text-xs font-normal text-slate-600">
                  {isBillingCycle(item.billing_cycle)
                    ? translateMessage(cycleLabelKey(item.billing_cycle), lang)
                    : item.billing_cycle}
                </span>
              </th>
              <td className="px-3 py-2 break-all">{item.customer_email}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(item.next_charge_at)}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                {item.amount === null ? MISSING_VALUE : formatAmount(item.amount)}
              </td>
              <td className="px-3 py-2">{item.method_label ?? MISSING_VALUE}</td>
              {failing && (
                <>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <DunningStage stage={item.dunning_stage} />
                  </td>
                  <td className="px-3 py-2">{item.last_error ?? MISSING_VALUE}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
