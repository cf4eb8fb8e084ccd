import type { ManualOrderQuoteResponse } from '@cadran/domain/staff-manual-order';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../api/content-schemas';
import { formatAmount, formatCountry, parseEuros } from '../../../format';
import { Facts, Panel } from '../../../ui/panel';
import { ScrollRegion } from '../../../ui/scroll-region';
import { planLabel } from '../../promo-restrictions';

/** A decimal of the API ("149.00") as the back office prints money. */
const money = (decimal: string) => formatAmount(parseEuros(decimal) ?? 0);

/**
 * The server's quote for the order being prepared (the checkout's own pricing): whose country
 * and VAT number decide the VAT, each line before VAT, the discount, the VAT and the total.
 */
export function QuoteSummary({
  answer,
  templates,
}: {
  answer: ManualOrderQuoteResponse;
  templates: readonly Template[];
}) {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const { customer, quote } = answer;
  const plan = (id: number) => {
    const template = templates.find((candidate) => candidate.id === id);
    return template ? planLabel(template, ta) : `#${id}`;
  };
  const vatStatus = quote.vat_number_status ?? 'none';
  return (
    <Panel title={t('manual.quoteTitle')}>
      <Facts
        items={[
          [t('orders.customer'), `${customer.name} · ${customer.email}`],
          [t('customers.company'), customer.company || '—'],
          [t('manual.country'), formatCountry(customer.country)],
          [
            t('orders.vatNumber'),
            customer.vat_number
              ? `${customer.vat_number} · ${t(`manual.vatStatus.${vatStatus}`)}`
              : t('manual.noVatNumber'),
          ],
        ]}
      />
      <ScrollRegion label={t('manual.quoteLines')} className="mt-4">
        <table className="w-full min-w-[32rem] text-sm">
          <caption className="sr-only">{t('manual.quoteLines')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('orders.line')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('orders.quantity')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('manual.unitPrice')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                {t('orders.discount')}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t('orders.excl')}
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line, index) => (
              <tr key={index} className="border-b border-slate-100">
                <td className="py-2 pr-3">{plan(line.template_id)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{money(line.unit_price)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {Number(line.discount) > 0 ? `−${money(line.discount)}` : '—'}
                </td>
                <td className="py-2 text-right tabular-nums">{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('manual.subtotal')}</dt>
        <dd className="text-right tabular-nums">{money(quote.subtotal)}</dd>
        {Number(quote.discount) > 0 && (
          <>
            <dt className="text-slate-600">{t('orders.discount')}</dt>
            <dd className="text-right tabular-nums">−{money(quote.discount)}</dd>
          </>
        )}
        <dt className="text-slate-600">{t('manual.taxable')}</dt>
        <dd className="text-right tabular-nums">{money(quote.taxable)}</dd>
        <dt className="text-slate-600">
          {t('orders.vatAt', { rate: `${quote.tax_rate.replace(/\.?0+$/, '')} %` })}
        </dt>
        <dd className="text-right tabular-nums">{money(quote.tax)}</dd>
        <dt className="font-semibold">{t('manual.total')}</dt>
        <dd className="text-right font-semibold tabular-nums">{money(quote.total)}</dd>
      </dl>
      {quote.mention && <p className="mt-3 text-sm text-slate-600">{quote.mention}</p>}
    </Panel>
  );
}
