import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/lib/format';
import type { OrderDetail } from '../../api/sales-schemas';
import { formatAmount } from '../../format';
import { Facts, Panel } from '../../ui/panel';
import { ScrollRegion } from '../../ui/scroll-region';

const numeric = 'px-2 py-2 text-right tabular-nums whitespace-nowrap';

/**
 * What was sold: each line with its cycle and quantity, before VAT, its VAT and with VAT, then
 * the order's totals and its discount under the promo code's name. The table scrolls inside
 * its card on a narrow screen.
 */
export function OrderLines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const rate = formatPercent(order.tax_rate_basis_points / 100);
  const headings = [
    t('orders.line'),
    t('orders.quantity'),
    t('orders.excl'),
    t('orders.vatAt', { rate }),
    t('orders.incl'),
  ];
  return (
    <Panel title={t('orders.lines')}>
      <ScrollRegion label={t('orders.linesTable')} className="-mx-2">
        <table className="w-full min-w-[34rem] text-sm">
          <thead className="text-left text-slate-600">
            <tr>
              {headings.map((heading, index) => (
                <th
                  key={heading}
                  scope="col"
                  className={index === 0 ? 'px-2 py-2 font-medium' : `${numeric} font-medium`}
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td className="px-2 py-2">
                  <span className="font-medium">{line.name}</span>
                  <span className="block text-slate-600">
                    {ta(`status.cycle.${line.billing_cycle}`, { defaultValue: line.billing_cycle })}
                    {line.discount > 0 &&
                      ` · ${t('orders.discount')} −${formatAmount(line.discount)}`}
                  </span>
                  {line.domains.length > 0 && (
                    <span className="block text-slate-600 wrap-anywhere">
                      {line.domains.join(', ')}
                    </span>
                  )}
                </td>
                <td className={numeric}>{line.quantity}</td>
                <td className={numeric}>{formatAmount(line.total_excl_tax)}</td>
                <td className={numeric}>{formatAmount(line.tax)}</td>
                <td className={numeric}>{formatAmount(line.total_incl_tax)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold">
            <tr>
              <th scope="row" className="px-2 py-2 text-left">
                {t('orders.totals')}
              </th>
              <td className={numeric} />
              <td className={numeric}>{formatAmount(order.taxable)}</td>
              <td className={numeric}>{formatAmount(order.tax)}</td>
              <td className={numeric}>{formatAmount(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
      <div className="mt-4">
        <Facts
          items={[
            [
              t('orders.promoCode'),
              order.promo_code
                ? `${order.promo_code} (−${formatAmount(order.discount)} ${t('orders.excl')})`
                : t('orders.noPromo'),
            ],
          ]}
        />
      </div>
    </Panel>
  );
}
