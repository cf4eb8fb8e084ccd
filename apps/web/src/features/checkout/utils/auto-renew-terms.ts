import type { BillingCycle } from '@cadran/domain/billing-cycles';
import { applyRate, decimalStringToCents } from '@cadran/domain/money';
import type { QuoteAnswer } from '@cadran/domain/quote-answer';

/** What one line of the cart will be charged at each automatic renewal. */
export interface RenewalTerm {
  templateId: number;
  cycle: BillingCycle;
  /** VAT included, at the rate of the quote (none under reverse charge). */
  amountCents: number;
  renewsOn: string;
}

/**
 * The renewal terms the consent box states, read from the server's quote: each line that
 * renews, its price for one more period with the quote's VAT, and when its term ends. One-time
 * licences never renew and are left out.
 */
export function renewalTerms(quote: QuoteAnswer): RenewalTerm[] {
  const rate = quote.reverse_charge ? 0 : Number(quote.tax_rate);
  return quote.lines.flatMap((line) => {
    if (!line.renews_on || !line.renewal_price || !line.billing_cycle) return [];
    if (line.billing_cycle === 'one_time') return [];
    const net = decimalStringToCents(line.renewal_price);
    return [
      {
        templateId: line.template_id,
        cycle: line.billing_cycle,
        amountCents: net + applyRate(net, rate),
        renewsOn: line.renews_on,
      },
    ];
  });
}

/** The first charge: the server's date when the quote gives one, else the earliest term end. */
export function firstChargeDate(terms: readonly RenewalTerm[], serverDate?: string | null) {
  if (serverDate) return serverDate;
  return terms.map((term) => term.renewsOn).sort()[0] ?? null;
}
