import { useEffect, useMemo, useState } from 'react';
import { currentLanguage } from '@/lib/i18n';
import { usePromoApply } from '@/lib/quote/apply-promo';
import { useQuote } from '@/lib/quote/use-quote';
import {
  checkoutQuoteRequest,
  vatNumberForQuote,
  type CheckoutLine,
  type CheckoutValues,
} from '../utils/checkout-form';

/** How long typing may pause before the VAT number typed so far is priced. */
const VAT_QUOTE_DELAY_MS = 400;

export interface CheckoutQuoteInput {
  lines: readonly CheckoutLine[];
  billing: CheckoutValues['billing'];
  promoCode: string;
  autoRenew: boolean;
  onPromoCodeChange: (code: string) => void;
}

/**
 * The server's quote of what the form says (docs/product.md 'Checkout' ('The form')). It follows
 * the country at once and the VAT number after a pause in typing, once it is a whole number: its
 * effect (reverse charge) shows while the buyer is still here, without a request per keystroke.
 */
export function useCheckoutQuote({
  lines,
  billing,
  promoCode,
  autoRenew,
  onPromoCodeChange,
}: CheckoutQuoteInput) {
  const lang = currentLanguage();
  const { country, vat_number: typedVat } = billing;
  const wholeVat = vatNumberForQuote(typedVat, country);
  const [settledVat, setSettledVat] = useState(wholeVat);
  useEffect(() => {
    if (wholeVat === '') return;
    const timer = setTimeout(() => setSettledVat(wholeVat), VAT_QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wholeVat]);
  const quotedVat = wholeVat === '' ? '' : settledVat;
  const base = useMemo(
    () => checkoutQuoteRequest(lines, country, quotedVat, ''),
    [lines, country, quotedVat],
  );
  const request = useMemo(
    () => base && { ...base, promo_code: promoCode, ...(autoRenew ? { auto_renew: true } : {}) },
    [base, promoCode, autoRenew],
  );
  const priced = useQuote(request, lang);
  const applyPromo = usePromoApply(base, lang, onPromoCodeChange);
  return { priced, applyPromo };
}
