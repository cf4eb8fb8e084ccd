import type { Order } from '@cadran/domain/orders';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { extrasText } from '@/lib/extras-text';
import { formatMoney, formatPercent } from '@/lib/format';

/**
 * Order success page (docs/product.md 'Orders' ('Order success page')): each item with its template
 * name, description, domain and installation limits, updates flag, quantity, unit_price and
 * total_price, then the totals.
 */
export function OrderItems({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <section aria-labelledby="order-items-title">
      <h2 id="order-items-title" className="text-xl">
        {t('success.items')}
      </h2>
      <ul className="mt-4 space-y-4">
        {order.items.map((item) => {
          const { customizations: c, template } = item;
          const extras = c.extra_domains > 0 || c.extra_installations > 0;
          return (
            <li
              key={item.id}
              className="rounded-card border border-slate-200 bg-white p-5 break-inside-avoid print:border-slate-400 print:shadow-none"
            >
              <div className="flex flex-col gap-4 sm:flex-row sm:justify-between">
                <div className="min-w-0">
                  <h3 className="text-lg font-semibold text-slate-900">{template.name}</h3>
                  <p className="mt-1 leading-6 text-slate-600">{template.description}</p>
                  <ul className="mt-3 flex flex-wrap gap-2">
                    <li>
                      <Badge>{t('success.domains', { count: template.domain_limit })}</Badge>
                    </li>
                    <li>
                      <Badge>
                        {t('success.installations', { count: template.installation_limit })}
                      </Badge>
                    </li>
                    <li>
                      <Badge tone={template.update_permissions === 1 ? 'success' : 'neutral'}>
                        {template.update_permissions === 1
                          ? t('success.updates')
                          : t('success.noUpdates')}
                      </Badge>
                    </li>
                  </ul>
                  <div className="mt-3 space-y-1 text-sm text-slate-700">
                    {c.primary_domain && (
                      <p className="wrap-anywhere">
                        {t('success.primaryDomain', { domain: c.primary_domain })}
                      </p>
                    )}
                    {c.additional_domains_list.length > 0 && (
                      <p className="wrap-anywhere">
                        {t('success.additionalDomains', {
                          domains: c.additional_domains_list.join(', '),
                        })}
                      </p>
                    )}
                    {extras && (
                      <p>
                        {extrasText(t, {
                          domains: c.extra_domains,
                          installations: c.extra_installations,
                        })}
                      </p>
                    )}
                  </div>
                </div>
                <dl className="grid shrink-0 grid-cols-3 gap-4 text-sm sm:grid-cols-1 sm:gap-2 sm:text-right">
                  <div>
                    <dt className="text-slate-600">{t('success.quantity')}</dt>
                    <dd className="font-medium text-slate-900">{item.quantity}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t('success.unitPrice')}</dt>
                    <dd className="font-medium text-slate-900">{formatMoney(item.unit_price)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t('success.lineTotal')}</dt>
                    <dd className="font-semibold text-slate-900">
                      {formatMoney(item.total_price)}
                    </dd>
                  </div>
                </dl>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="mt-6 ml-auto max-w-sm space-y-2 text-slate-700 break-inside-avoid">
        <div className="flex justify-between gap-4">
          <dt>{t('success.subtotal')}</dt>
          <dd className="font-medium text-slate-900">{formatMoney(order.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t('success.tax', { rate: formatPercent(Number(order.tax_rate)) })}</dt>
          <dd className="font-medium text-slate-900">{formatMoney(order.tax_amount)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
          <dt>{t('success.total')}</dt>
          <dd>{formatMoney(order.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
