import { translateMessage } from '@cadran/domain/messages';
import { orderStatusLabelKey, paymentStatusLabelKey, type Order } from '@cadran/domain/orders';
import { countryDisplayName } from '@cadran/domain/countries';
import { postalAddressLines } from '@cadran/domain/postal-address';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** The badge tone of each order status, shared with the client area's lists. */
export const ORDER_STATUS_TONES: Record<Order['status'], BadgeTone> = {
  pending: 'warning',
  processing: 'brand',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** Order success page: number, date in long format, status label, total. */
export function OrderOverview({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const lang = currentLanguage();
  const rows: Array<[string, ReactNode]> = [
    [t('success.number'), <span className="font-mono tracking-wide">{order.order_number}</span>],
    [t('success.date'), formatDate(order.created_at)],
    [
      t('success.status'),
      <Badge tone={ORDER_STATUS_TONES[order.status]}>
        {translateMessage(orderStatusLabelKey(order.status), lang)}
      </Badge>,
    ],
    [
      t('success.paymentStatus'),
      translateMessage(paymentStatusLabelKey(order.payment_status), lang),
    ],
    [t('success.paymentMethod'), translateMessage(`payment.${order.payment_method}.name`, lang)],
    [
      t('success.total'),
      <strong className="text-lg text-slate-900">{formatMoney(order.total)}</strong>,
    ],
  ];
  return (
    <section
      aria-labelledby="order-details-title"
      className="rounded-card border border-slate-200 bg-slate-50 p-6 break-inside-avoid print:bg-white"
    >
      <h2 id="order-details-title" className="text-xl">
        {t('success.details')}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The billing address the invoice carries. */
export function OrderBillingAddress({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const address = order.billing_address;
  const lines = [
    `${address.first_name} ${address.last_name}`,
    address.company,
    ...postalAddressLines({
      lines: [address.address_line_1, address.address_line_2],
      postalCode: address.postal_code,
      city: address.city,
      country: address.country,
    }),
    countryDisplayName(address.country, currentLanguage()),
    address.email,
    address.vat_number ? t('success.vatNumber', { number: address.vat_number }) : '',
  ].filter((line) => line.trim() !== '');
  return (
    <section aria-labelledby="order-billing-title" className="break-inside-avoid">
      <h2 id="order-billing-title" className="text-xl">
        {t('success.billing')}
      </h2>
      <address className="mt-3 leading-7 text-slate-700 not-italic wrap-anywhere">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </section>
  );
}
