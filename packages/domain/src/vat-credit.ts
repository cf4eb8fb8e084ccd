import { isCountryCode } from './countries';
import { buildCreditNote, type InvoiceDocument, type IssueFacts } from './invoice';
import type { MessageKey } from './messages';
import type { OrderVatNumberStatus } from './quote-answer';
import { decideTaxTreatment, type TaxKind } from './tax-treatment';
import { vatRegisterOf } from './vat-number';

/*
 * The VAT of a sale whose VAT number VIES confirmed only after it (docs/product.md 'VAT
 * numbers'). At the sale, a number checked on its format alone earns no reverse charge
 * (tax-treatment.ts): the business paid its country's VAT as a consumer would. Once VIES or a
 * staff member confirms the number, the sale would have been a reverse charge: the VAT goes back
 * to the buyer with a credit note of the VAT alone, and the licences stay.
 */

/** The facts of a paid order that decide whether its VAT goes back. */
export interface ConfirmedVatSale {
  /** The billing address's country, as stored (unknown text refuses the refund). */
  billingCountry: string;
  vatNumberStatus: OrderVatNumberStatus | null;
  /** How the sale was taxed; null on orders older than the recorded tax treatments. */
  taxKind: TaxKind | null;
  taxCents: number;
}

/**
 * The VAT to give back, in cents, or 0: a sale taxed as a consumer's in another member state,
 * whose number is now confirmed, and whose buyer's country the reverse charge covers.
 */
export function vatToGiveBack(sale: ConfirmedVatSale): number {
  if (sale.vatNumberStatus !== 'verified' || sale.taxKind !== 'eu_consumer') return 0;
  if (sale.taxCents <= 0 || !isCountryCode(sale.billingCountry)) return 0;
  const register = vatRegisterOf(sale.billingCountry);
  if (!register) return 0;
  const treatment = decideTaxTreatment({
    country: sale.billingCountry,
    vatNumber: { country: register, status: 'verified' },
  });
  return treatment.reverseCharge ? sale.taxCents : 0;
}

export const VAT_CREDIT_MENTION: MessageKey = 'invoice.mention.vat_credit';

/**
 * The credit note of the VAT alone: the invoice's lines and totals for reference, the amount it
 * gives back being the VAT, and the mention saying why (the buyer accounts for the VAT).
 */
export function buildVatCreditNote(invoice: InvoiceDocument, facts: IssueFacts): InvoiceDocument {
  if (invoice.vatCents <= 0) throw new RangeError('an invoice without VAT has none to credit');
  const whole = buildCreditNote(invoice, facts);
  return {
    ...whole,
    mentions: [...whole.mentions, VAT_CREDIT_MENTION],
    partialCredit: { scope: 'vat', amountCents: invoice.vatCents },
  };
}
