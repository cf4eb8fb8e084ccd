import type { PaymentMethod } from '@cadran/domain/order-status';
import type { QuoteAnswer } from '@cadran/domain/quote-answer';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/form-field';
import { formatCents, formatDate } from '@/lib/format';
import { firstChargeDate, renewalTerms } from '../utils/auto-renew-terms';
import type { CheckoutLine } from '../utils/checkout-form';

export interface AutoRenewConsentProps {
  lines: readonly CheckoutLine[];
  /** The server's quote, with its first charge date when automatic renewal was asked. */
  quote: QuoteAnswer | null;
  paymentMethod: PaymentMethod;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * Express consent to automatic renewal: never ticked in advance, it states the amount, the
 * cycle, the first charge date and how to stop. A bank transfer cannot be charged again
 * without the buyer, so it keeps the reminders and the box is not offered.
 */
export function AutoRenewConsent({
  lines,
  quote,
  paymentMethod,
  checked,
  onChange,
}: AutoRenewConsentProps) {
  const { t } = useTranslation('renewals');
  const terms = quote ? renewalTerms(quote) : [];
  if (terms.length === 0) return null;
  if (paymentMethod === 'bank_transfer') {
    return (
      <p
        id="checkout-auto-renew-transfer"
        className="rounded-card border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700"
      >
        {t('consent.transfer')}
      </p>
    );
  }
  const nameOf = (templateId: number) =>
    lines.find((line) => line.templateId === templateId)?.name ?? '';
  const termText = (term: (typeof terms)[number]) =>
    t('consent.term', {
      amount: formatCents(term.amountCents),
      cycle: t(`every.${term.cycle}`),
    });
  const first = firstChargeDate(terms, quote?.next_charge_at);
  const [single] = terms;

  return (
    <div className="rounded-card border border-slate-200 bg-slate-50 p-5">
      <CheckboxField
        id="checkout-auto-renew"
        label={<span className="font-semibold">{t('consent.label')}</span>}
      >
        {(control) => (
          <input
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            {...control}
            aria-describedby="checkout-auto-renew-terms"
          />
        )}
      </CheckboxField>
      <div id="checkout-auto-renew-terms" className="mt-2 space-y-2 pl-9 text-sm text-slate-700">
        {terms.length === 1 && single ? (
          <p>{t('consent.single', { term: termText(single) })}</p>
        ) : (
          <>
            <p>{t('consent.several')}</p>
            <ul className="list-disc pl-5">
              {terms.map((term) => (
                <li key={term.templateId}>
                  {t('consent.line', { name: nameOf(term.templateId), term: termText(term) })}
                </li>
              ))}
            </ul>
          </>
        )}
        {first && <p>{t('consent.firstCharge', { date: formatDate(first) })}</p>}
        <p>{t('consent.stop')}</p>
      </div>
    </div>
  );
}
