import { describe, expect, it } from 'vitest';
import { lineAmounts } from './line-taxes';

describe('line amounts before VAT, of VAT and with VAT', () => {
  it('splits the order VAT across the lines so they add up to the order', () => {
    // 490 + 98 before VAT, 10 off the second line; 21 % of 578 = 121.38.
    const lines = lineAmounts(
      [
        { totalCents: 49000, discountCents: 0 },
        { totalCents: 9800, discountCents: 1000 },
      ],
      12138,
    );
    expect(lines).toEqual([
      { exclTax: 49000, tax: 10290, inclTax: 59290 },
      { exclTax: 8800, tax: 1848, inclTax: 10648 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.tax, 0)).toBe(12138);
  });

  it('gives the leftover cent to the line with the largest remainder', () => {
    const lines = lineAmounts(
      [
        { totalCents: 100, discountCents: 0 },
        { totalCents: 100, discountCents: 0 },
        { totalCents: 100, discountCents: 0 },
      ],
      61,
    );
    expect(lines.map((line) => line.tax)).toEqual([21, 20, 20]);
  });

  it('charges nothing on free lines', () => {
    expect(lineAmounts([{ totalCents: 500, discountCents: 500 }], 0)).toEqual([
      { exclTax: 0, tax: 0, inclTax: 0 },
    ]);
  });
});
