import { eq } from 'drizzle-orm';
import { centsToDecimalString, rateToDecimalString } from '@cadran/domain/money';
import { COUNTRIES, VAT_RATES, computeTax } from '@cadran/domain/vat';
import { describe, expect, it } from 'vitest';
import { vatRates } from '../src/db/schema/catalog';
import { orders } from '../src/db/schema/orders';
import { billing, item, orderBody, orderOf, placeOrder, shopSuite } from './orders-helpers';

describe('tax by billing country', () => {
  const t = shopSuite();

  it('keeps the vat_rates table equal to the rates the checkout shows', async () => {
    const rows = await t.db.select().from(vatRates);
    expect(Object.fromEntries(rows.map((row) => [row.country, row.rateBasisPoints / 100]))).toEqual(
      VAT_RATES,
    );
    // Switzerland at its 2024 standard rate, not the former 7.7.
    expect(rows.find((row) => row.country === 'CH')?.rateBasisPoints).toBe(810);
  });

  it.each(COUNTRIES.map((country) => [country]))(
    'taxes an order billed to %s at its rate',
    async (country) => {
      // Agence monthly with one extra installation: 119.00 + 49.00 + 5.00 = 173.00, times 3.
      const payload = orderBody(
        [
          item(t.agence.id, {
            quantity: 3,
            customizations: { primary_domain: 'exemple.fr', extra_installations: 1 },
          }),
        ],
        { billing_address: billing({ country }) },
      );
      const res = await placeOrder(t.app, t.alice, payload);
      expect(res.statusCode).toBe(201);
      const subtotal = (t.agence.priceCents + t.agence.setupFeeCents + 500) * 3;
      const tax = computeTax(subtotal, country);
      const { order } = orderOf(res);
      expect(order).toMatchObject({
        subtotal: centsToDecimalString(subtotal),
        tax_rate: rateToDecimalString(VAT_RATES[country]),
        tax_amount: centsToDecimalString(tax),
        total: centsToDecimalString(subtotal + tax),
      });
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(stored).toMatchObject({
        taxRateBasisPoints: Math.round(VAT_RATES[country] * 100),
        taxCents: tax,
        totalCents: subtotal + tax,
      });
    },
  );

  it('rounds Swiss VAT half-up to the cent', async () => {
    // 173.00 x 8.1 % = 14.013 -> 14.01; 519.00 x 8.1 % = 42.039 -> 42.04.
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody(
        [
          item(t.agence.id, {
            quantity: 3,
            customizations: { primary_domain: 'exemple.ch', extra_installations: 1 },
          }),
        ],
        { billing_address: billing({ country: 'CH' }) },
      ),
    );
    expect(orderOf(res).order).toMatchObject({
      subtotal: '519.00',
      tax_rate: '8.10',
      tax_amount: '42.04',
      total: '561.04',
    });
  });
});
