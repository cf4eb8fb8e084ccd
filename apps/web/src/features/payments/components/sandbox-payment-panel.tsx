import { translateMessage } from '@cadran/domain/messages';
import type { SandboxDecision } from '@cadran/domain/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { SandboxMethodDetails, SavingSandboxPayment } from '@/lib/renewals/schemas';
import {
  DEFAULT_METHOD_DRAFT,
  methodDetails,
  SandboxMethodFields,
} from '@/components/payments/sandbox-method-fields';

export interface SandboxPaymentPanelProps {
  payment: SavingSandboxPayment;
  /** The decision being sent, if any: both buttons wait for it. */
  pending: SandboxDecision['decision'] | null;
  error: string | null;
  /** Paying a payment that saves its method sends the test number typed. */
  onDecide: (decision: SandboxDecision['decision'], details?: SandboxMethodDetails) => void;
}

const successPath = (orderNumber: string) =>
  `/store/order/success/${encodeURIComponent(orderNumber)}`;

/**
 * What is being paid and the two outcomes of the test page: pay, which runs the
 * real fulfilment, or decline. A payment already settled only links to its order.
 */
export function SandboxPaymentPanel({
  payment,
  pending,
  error,
  onDecide,
}: SandboxPaymentPanelProps) {
  const { t } = useTranslation('payments');
  const lang = currentLanguage();
  const open = payment.status === 'pending' || payment.status === 'created';
  // A card payment takes a test number, which decides how it goes (and, when the order asked
  // for automatic renewal or a new method is being saved, how later charges go); PayPal has
  // its own account. An untouched form sends nothing: the server takes the always-paid card.
  const savesMethod = payment.saves_method === true || payment.auto_renew === true;
  const takesNumber = payment.method === 'stripe';
  const [draft, setDraft] = useState(DEFAULT_METHOD_DRAFT);
  const sendsNumber = takesNumber && (savesMethod || draft !== DEFAULT_METHOD_DRAFT);
  const rows: Array<[string, string]> = [
    [t('sandbox.order'), payment.order_number],
    [t('sandbox.amount'), formatMoney(payment.amount)],
    [t('sandbox.method'), translateMessage(`payment.${payment.method}.name`, lang)],
  ];

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <Alert tone="warning" title={t('sandbox.noticeTitle')}>
        {t('sandbox.noticeText')}
      </Alert>

      <section
        aria-labelledby="sandbox-summary-title"
        className="rounded-card border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="sandbox-summary-title" className="text-xl">
          {t('sandbox.summaryTitle')}
        </h2>
        <dl className="mt-4 divide-y divide-slate-100">
          {rows.map(([label, value]) => (
            <div
              key={label}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3"
            >
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900 wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>

        {open ? (
          <>
            {error && (
              <Alert tone="error" className="mt-6">
                {error}
              </Alert>
            )}
            {takesNumber && (
              <SandboxMethodFields
                draft={draft}
                onChange={setDraft}
                saves={savesMethod}
                disabled={pending !== null}
              />
            )}
            <div className="mt-8 grid gap-3 sm:grid-cols-2">
              <Button
                size="lg"
                fullWidth
                loading={pending === 'pay'}
                disabled={pending !== null}
                onClick={() =>
                  sendsNumber ? onDecide('pay', methodDetails(draft)) : onDecide('pay')
                }
              >
                {t('sandbox.pay')}
              </Button>
              <Button
                size="lg"
                variant="outline"
                fullWidth
                loading={pending === 'decline'}
                disabled={pending !== null}
                onClick={() => onDecide('decline')}
              >
                {t('sandbox.decline')}
              </Button>
            </div>
            {pending && (
              <p role="status" className="mt-4 text-center text-sm text-slate-600">
                {t('sandbox.processing')}
              </p>
            )}
          </>
        ) : (
          <div className="mt-6 space-y-4">
            <Alert
              tone={payment.status === 'succeeded' ? 'success' : 'error'}
              title={t('sandbox.settledTitle')}
            >
              {t(payment.status === 'succeeded' ? 'sandbox.settledPaid' : 'sandbox.settledFailed', {
                number: payment.order_number,
              })}
            </Alert>
            <LinkButton to={successPath(payment.order_number)} variant="outline">
              {t('sandbox.viewOrder')}
            </LinkButton>
          </div>
        )}
      </section>
    </div>
  );
}
