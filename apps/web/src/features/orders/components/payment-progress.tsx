import type { Order, PaymentStatusResponse } from '@cadran/domain/orders';
import { translateMessage } from '@cadran/domain/messages';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { isSettling } from '../api/get-payment-status';

export interface PaymentProgressProps {
  order: Order;
  /** The latest payment-status answer, fresher than the order while polling. */
  status: PaymentStatusResponse | undefined;
  timedOut: boolean;
  /** The payment status could not be read at all (network, server). */
  checkFailed?: boolean;
}

/**
 * Where the payment stands (docs/product.md 'Orders' ('Order success page')): waiting for the
 * provider's confirmation (the page keeps asking for a minute), confirmed with the number of
 * licences issued (or, for a renewal, the licence and its new expiry), or refused.
 */
export function PaymentProgress({
  order,
  status,
  timedOut,
  checkFailed = false,
}: PaymentProgressProps) {
  const { t } = useTranslation('orders');
  const lang = currentLanguage();
  const current = { ...order, ...(status ?? {}) };

  if (current.payment_status === 'paid' && status) {
    return (
      <Alert tone="success" title={t('success.payment.paidTitle')} className="break-inside-avoid">
        {status.renewed_license
          ? t('success.payment.renewedText', {
              key: status.renewed_license.license_key,
              date: formatDate(status.renewed_license.expires_at),
            })
          : t('success.payment.paidText', { count: status.license_count })}
      </Alert>
    );
  }
  if (current.payment_status === 'failed') {
    return (
      <Alert tone="error" title={t('success.payment.failedTitle')}>
        {t('success.payment.failedText')}
      </Alert>
    );
  }
  if (!isSettling(current)) return null;
  if (checkFailed) {
    return (
      <Alert tone="warning" title={translateMessage('orders.payment_check_failed', lang)}>
        {t('success.payment.slowText')}
      </Alert>
    );
  }
  if (timedOut) {
    return (
      <Alert tone="warning" title={t('success.payment.slowTitle')}>
        {t('success.payment.slowText')}
      </Alert>
    );
  }
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 print:hidden"
    >
      <Spinner size="md" className="shrink-0" />
      <div>
        <p className="font-semibold">{t('success.payment.waitingTitle')}</p>
        <p className="mt-1 leading-6">{t('success.payment.waitingText')}</p>
      </div>
    </div>
  );
}
