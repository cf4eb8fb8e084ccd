import { cycleLabelKey } from '@cadran/domain/billing-cycles';
import type { CountryCode } from '@cadran/domain/countries';
import { translateMessage } from '@cadran/domain/messages';
import { decimalStringToCents } from '@cadran/domain/money';
import type { QuoteAnswer, QuoteLineResponse } from '@cadran/domain/quote-answer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/icons/line-icons';
import { QuoteTotals } from '@/components/quote/quote-totals';
import { Alert } from '@/components/ui/alert';
import { extrasText } from '@/lib/extras-text';
import { formatCents, formatDate, MISSING_VALUE } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { CheckoutLine } from '../utils/checkout-form';

export interface CheckoutSummaryProps {
  lines: readonly CheckoutLine[];
  country: CountryCode;
  /** The server's quote of these lines for this buyer (country, VAT number, code). */
  quote: QuoteAnswer | null;
  updating?: boolean;
  failure?: string | null;
  promoCode?: string;
  /** The promo code field, where the buyer may change the code kept with the cart. */
  promoField?: ReactNode;
}

const money = (value: string | undefined) =>
  value === undefined ? MISSING_VALUE : formatCents(decimalStringToCents(value));

/**
 * The checkout's summary column (docs/product.md 'Checkout' ('The form')): each licence with its
 * billing cycle, the period a payment today covers, its renewal date and renewal price, then the
 * discount, the VAT treatment and the total, all as the server priced them
 * (docs/decisions/021-the-screens-show-the-server-quote.md).
 */
export function CheckoutSummary({
  lines,
  country,
  quote,
  updating = false,
  failure = null,
  promoCode = '',
  promoField,
}: CheckoutSummaryProps) {
  const { t } = useTranslation('checkout');
  const lang = currentLanguage();
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  // The quote answers its lines in the order they were asked: the cart's order.
  const priced = (index: number): QuoteLineResponse | undefined => quote?.lines[index];
  const date = (iso: string) => formatDate(`${iso}T12:00:00Z`, { timeZone: 'UTC' });

  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="rounded-card border border-slate-200 bg-slate-50 p-6"
    >
      <h2 id="checkout-summary-title" className="text-xl">
        {t('summary.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('summary.count', { count })}</p>
      <ul className="mt-5 divide-y divide-slate-200 border-y border-slate-200">
        {lines.map((line, index) => {
          const { extra_domains: domains, extra_installations: installations } =
            line.customizations;
          const answer = priced(index);
          return (
            <li key={line.id} className="space-y-1 py-3 text-sm">
              <div className="flex justify-between gap-4">
                <p className="min-w-0 font-semibold text-slate-900">{line.name}</p>
                <p className="shrink-0 font-medium text-slate-900">{money(answer?.subtotal)}</p>
              </div>
              <p className="text-slate-600">
                {t('summary.lineQuantity', { count: line.quantity })}
                {answer?.billing_cycle &&
                  ` · ${translateMessage(cycleLabelKey(answer.billing_cycle), lang)}`}
              </p>
              {(domains > 0 || installations > 0) && (
                <p className="text-slate-600">{extrasText(t, { domains, installations })}</p>
              )}
              {answer?.period_start && answer.renews_on && (
                <p className="text-slate-600">
                  {t('summary.period', {
                    start: date(answer.period_start),
                    end: date(answer.renews_on),
                  })}
                </p>
              )}
              {answer?.renews_on && answer.renewal_price && (
                <p className="text-slate-600">
                  {t('summary.renewal', {
                    date: date(answer.renews_on),
                    amount: money(answer.renewal_price),
                  })}
                </p>
              )}
              {answer?.billing_cycle === 'one_time' && (
                <p className="text-slate-600">{t('summary.perpetual')}</p>
              )}
            </li>
          );
        })}
      </ul>
      {promoField && <div className="mt-5">{promoField}</div>}
      {failure && !quote && (
        <Alert tone="error" className="mt-5">
          <p>{failure}</p>
        </Alert>
      )}
      <QuoteTotals
        className="mt-5"
        quote={quote}
        country={country}
        promoCode={promoCode}
        updating={updating}
      />
      <p className="mt-3 text-xs leading-5 text-slate-600">{t('summary.taxNote')}</p>
      <ul className="mt-5 space-y-2 text-sm text-slate-700">
        {(['secure', 'guarantee', 'support'] as const).map((key) => (
          <li key={key} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {t(`summary.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
