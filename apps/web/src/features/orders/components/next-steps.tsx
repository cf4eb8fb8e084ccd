import type { Order } from '@cadran/domain/orders';
import { useTranslation } from 'react-i18next';

const STEPS = ['email', 'activation', 'download'] as const;

/**
 * Next steps of the order success page (email, activation, download). The e-mail step names
 * the invoice once it is issued, and promises none before the payment is confirmed.
 */
export function NextSteps({ invoice }: { invoice: Order['invoice'] }) {
  const { t } = useTranslation('orders');
  return (
    <section aria-labelledby="order-next-title" className="break-inside-avoid">
      <h2 id="order-next-title" className="text-xl">
        {t('success.nextTitle')}
      </h2>
      <ol className="mt-4 space-y-4">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800 ring-1 ring-brand-200"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-base font-semibold text-slate-900">
                {t(`success.next.${step}.title`)}
              </h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">
                {step === 'email' && invoice
                  ? t('success.next.email.textWithInvoice', { number: invoice.number })
                  : t(`success.next.${step}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
