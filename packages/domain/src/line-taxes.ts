import { spreadDiscount } from './promo-codes';

export interface LineAmounts {
  /** Before VAT, after the line's share of the discount. */
  exclTax: number;
  tax: number;
  inclTax: number;
}

/**
 * Each line's amounts before VAT, of VAT and with VAT (docs/product.md 'Back office'): the
 * order's VAT was computed once on its whole taxable amount, so it is split across the lines
 * in proportion to their taxable amounts, in whole cents, and the lines add up to the order's
 * totals to the cent.
 */
export function lineAmounts(
  lines: ReadonlyArray<{ totalCents: number; discountCents: number }>,
  orderTaxCents: number,
): LineAmounts[] {
  const taxable = lines.map((line) => line.totalCents - line.discountCents);
  const sum = taxable.reduce((acc, amount) => acc + amount, 0);
  // A free order carries no VAT; anything else left over would be a stored inconsistency.
  const taxes = sum === 0 ? taxable.map(() => 0) : spreadDiscount(orderTaxCents, taxable);
  return taxable.map((exclTax, index) => {
    const tax = taxes[index] ?? 0;
    return { exclTax, tax, inclTax: exclTax + tax };
  });
}
