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

/** Who and where, as an envelope reads: the locality in the country's order, then the country. */
function envelope(address: Order['billing_address'] | NonNullable<Order['delivery_address']>) {
  return [
    `${address.first_name} ${address.last_name}`,
    address.company,
    ...postalAddressLines({
      lines: [address.address_line_1, address.address_line_2],
      postalCode: address.postal_code,
      city: address.city,
      country: address.country,
    }),
    countryDisplayName(address.country, currentLanguage()),
  ];
}

function AddressSection({ id, title, lines }: { id: string; title: string; lines: string[] }) {
  return (
    <section aria-labelledby={id} className="break-inside-avoid">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      <address className="mt-3 leading-7 text-slate-700 not-italic wrap-anywhere">
        {lines
          .filter((line) => line.trim() !== '')
          .map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
      </address>
    </section>
  );
}

/** The billing address the invoice carries. */
export function OrderBillingAddress({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const address = order.billing_address;
  return (
    <AddressSection
      id="order-billing-title"
      title={t('success.billing')}
      lines={[
        ...envelope(address),
        address.email,
        address.vat_number ? t('success.vatNumber', { number: address.vat_number }) : '',
      ]}
    />
  );
}

/**
 * Where the licences are delivered, when the buyer gave an address other than the billing one
 * (docs/decisions/055-delivery-address-and-vat-alone.md). Nothing when it is the billing address.
 */
export function OrderDeliveryAddress({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  if (!order.delivery_address) return null;
  return (
    <AddressSection
      id="order-delivery-title"
      title={t('success.delivery')}
      lines={envelope(order.delivery_address)}
    />
  );
}
