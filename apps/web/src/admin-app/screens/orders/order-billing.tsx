import { postalAddressLines } from '@cadran/domain/postal-address';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../api/sales-schemas';
import { formatCountry, formatDay } from '../../format';
import { Facts, Panel } from '../../ui/panel';
import { StatusBadge } from '../../ui/status-badge';
import { VatNumberDecision } from './vat-number-decision';

const text = (address: Record<string, unknown>, name: string): string => {
  const value = address[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * An address's lines as an envelope reads them: company, name, street, then the town and its
 * postcode in the country's order (packages/domain/src/postal-address.ts), without the country,
 * whose name is given in the reader's language beside it.
 */
export function envelopeLines(address: Record<string, unknown>): string[] {
  return [
    text(address, 'company'),
    `${text(address, 'first_name')} ${text(address, 'last_name')}`.trim(),
    ...postalAddressLines({
      lines: [text(address, 'address_line_1'), text(address, 'address_line_2')],
      postalCode: text(address, 'postal_code'),
      city: text(address, 'city'),
      country: text(address, 'country'),
    }),
  ].filter((line) => line !== '');
}

/**
 * Who is billed: the address the order was placed with, its country, where the licences are
 * delivered when that differs, the VAT number and what VIES said of it, the order's language,
 * the buyer's note and, for a transfer, what staff typed when they recorded it.
 */
export function OrderBilling({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const address = order.billing_address;
  const lines = envelopeLines(address);
  const delivery = order.delivery_address;
  return (
    <Panel title={t('orders.billing')}>
      <Facts
        items={[
          [
            t('orders.address'),
            <span key="a" className="whitespace-pre-line">
              {lines.join('\n') || '—'}
            </span>,
          ],
          [t('orders.country'), formatCountry(text(address, 'country'))],
          ...(delivery
            ? [
                [
                  t('orders.deliveryAddress'),
                  <span key="d" className="whitespace-pre-line">
                    {[...envelopeLines(delivery), formatCountry(delivery.country)].join('\n')}
                  </span>,
                ] as [string, ReactNode],
              ]
            : []),
          [t('orders.vatNumber'), order.vat_number ?? t('orders.noVatNumber')],
          ...(order.vat_number_status
            ? [
                [
                  t('orders.vatCheck'),
                  <StatusBadge key="v" group="vat" value={order.vat_number_status} />,
                ] as [string, ReactNode],
              ]
            : []),
          [t('orders.language'), ta(`status.language.${order.language}`)],
          ...(order.notes ? [[t('orders.notes'), order.notes] as [string, string]] : []),
          ...(order.transfer
            ? [
                [t('orders.bankReference'), order.transfer.bank_reference ?? '—'] as [
                  string,
                  string,
                ],
                // Without a payment date typed, the day staff recorded it, which the invoice bears.
                [
                  t('orders.paidOn'),
                  formatDay(order.transfer.paid_at ?? order.transfer.recorded_at),
                ] as [string, string],
                ...(order.transfer.note
                  ? [[t('orders.transferNote'), order.transfer.note] as [string, string]]
                  : []),
              ]
            : []),
        ]}
      />
      <VatNumberDecision order={order} />
    </Panel>
  );
}
