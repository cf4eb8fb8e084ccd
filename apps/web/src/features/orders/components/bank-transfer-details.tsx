import type { Order } from '@cadran/domain/orders';
import type { BankTransferDetails as Details } from '@cadran/domain/payments';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/**
 * Order success page for a bank transfer (docs/product.md 'Payment' ('Bank transfer')): the account
 * to pay, the amount and the order number as the transfer reference. A click selects a whole value,
 * ready to copy.
 */
export function BankTransferDetails({ order, details }: { order: Order; details: Details }) {
  const { t } = useTranslation('orders');
  const rows: Array<[string, string, boolean]> = [
    [t('success.transfer.amount'), formatMoney(order.total), false],
    [t('success.transfer.holder'), details.holder, false],
    [t('success.transfer.iban'), details.iban, true],
    [t('success.transfer.bic'), details.bic, true],
    [t('success.transfer.reference'), details.reference, true],
  ];
  return (
    <section
      aria-labelledby="order-transfer-title"
      className="rounded-card border border-brass-200 bg-brass-50 p-6 break-inside-avoid print:bg-white"
    >
      <h2 id="order-transfer-title" className="text-xl">
        {t('success.transfer.title')}
      </h2>
      <p className="mt-2 leading-7 text-slate-700">
        {t('success.transfer.text', { number: details.reference })}
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value, code]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd
              className={
                code
                  ? 'mt-1 font-mono font-semibold tracking-wide text-slate-900 select-all wrap-anywhere'
                  : 'mt-1 font-semibold text-slate-900 wrap-anywhere'
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm leading-6 text-slate-600">{t('success.transfer.delay')}</p>
    </section>
  );
}
