import { countryDisplayName, type CountryCode } from '@cadran/domain/countries';
import { decimalStringToCents } from '@cadran/domain/money';
import type { QuoteAnswer } from '@cadran/domain/quote-answer';
import { useTranslation } from 'react-i18next';
import { formatCents, formatPercent, MISSING_VALUE } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

export interface QuoteTotalsProps {
  /** The server's quote; null while the first one is on its way or when none could be had. */
  quote: QuoteAnswer | null;
  /** The billing country the quote was asked for: it names the VAT of a domestic or EU sale. */
  country: CountryCode;
  /** The code the quote was priced with, named beside its discount. */
  promoCode?: string;
  updating?: boolean;
  className?: string;
}

const cents = (value: string | undefined) =>
  value === undefined ? null : decimalStringToCents(value);

/**
 * Subtotal, discount, VAT and total as the server priced them (docs/decisions/021-the-screens-show-the-server-quote.md):
 * nothing here computes an amount. The VAT line says which VAT applies: the French rate, the
 * buyer's member state's, the reverse charge, or none outside the EU, with the legal mention.
 */
export function QuoteTotals({ quote, country, promoCode, updating, className }: QuoteTotalsProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const amount = (value: string | undefined) => {
    const found = cents(value);
    return found === null ? MISSING_VALUE : formatCents(found);
  };
  const discount = cents(quote?.discount) ?? 0;
  const rate = formatPercent(Number(quote?.tax_rate ?? '0'));
  const countryName = countryDisplayName(country, lang);
  const taxLabel = !quote
    ? t('quote.taxPending')
    : quote.tax_kind === 'reverse_charge'
      ? t('quote.taxReverseCharge')
      : quote.tax_kind === 'export'
        ? t('quote.taxExport')
        : t('quote.tax', { country: countryName, rate });
  const total = amount(quote?.total);

  return (
    <div className={className} aria-busy={updating || undefined}>
      <dl className="space-y-3 text-slate-700">
        <div className="flex justify-between gap-4">
          <dt>{t('quote.subtotal')}</dt>
          <dd className="shrink-0 font-medium whitespace-nowrap text-slate-900">
            {amount(quote?.subtotal)}
          </dd>
        </div>
        {discount > 0 && (
          <div className="flex justify-between gap-4 text-emerald-800">
            <dt>
              {promoCode ? t('quote.discountNamed', { code: promoCode }) : t('quote.discount')}
            </dt>
            <dd className="shrink-0 font-medium whitespace-nowrap">−{formatCents(discount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt>{taxLabel}</dt>
          <dd className="shrink-0 font-medium whitespace-nowrap text-slate-900">
            {amount(quote?.tax)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
          <dt>{t('quote.total')}</dt>
          <dd className="shrink-0 whitespace-nowrap">{total}</dd>
        </div>
      </dl>
      {quote?.mention && (
        <p className="mt-3 rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-200">
          {quote.mention}
        </p>
      )}
      {quote?.vat_number_status === 'format_checked' && !quote.reverse_charge && (
        <p className="mt-3 text-sm leading-6 text-slate-700">{t('quote.vatNotVerified')}</p>
      )}
      {/* What changes the total (quantities, country, VAT number, code) is elsewhere on the page. */}
      <p className="sr-only" aria-live="polite">
        {quote ? t('quote.liveTotal', { amount: total }) : ''}
      </p>
    </div>
  );
}
