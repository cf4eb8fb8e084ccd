import { countryDisplayName, isCountryCode } from '@cadran/domain/countries';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import type { OrderDetail } from '../../api/sales-schemas';
import { formatDay } from '../../format';
import { Facts, Panel } from '../../ui/panel';
import { StatusBadge } from '../../ui/status-badge';
import { VatNumberDecision } from './vat-number-decision';

const text = (address: Record<string, unknown>, name: string): string => {
  const value = address[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Who is billed: the address the order was placed with, its country, the VAT number and what
 * VIES said of it, the order's language, the buyer's note and, for a transfer, what staff typed
 * when they recorded it.
 */
export function OrderBilling({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const address = order.billing_address;
  const country = text(address, 'country');
  const lines = [
    text(address, 'company'),
    `${text(address, 'first_name')} ${text(address, 'last_name')}`.trim(),
    text(address, 'address_line_1'),
    text(address, 'address_line_2'),
    `${text(address, 'postal_code')} ${text(address, 'city')}`.trim(),
  ].filter((line) => line !== '');
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
          [
            t('orders.country'),
            isCountryCode(country)
              ? countryDisplayName(country, currentLanguage())
              : country || '—',
          ],
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
                [t('orders.paidOn'), formatDay(order.transfer.paid_at)] as [string, string],
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
