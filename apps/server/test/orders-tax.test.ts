import { eq } from 'drizzle-orm';
import { centsToDecimalString } from '@cadran/domain/money';
import { EU_STANDARD_VAT_RATES, decideTaxTreatment } from '@cadran/domain/tax-treatment';
import { applyRate } from '@cadran/domain/money';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { billing, item, orderBody, orderOf, placeOrder, shopSuite } from './orders-helpers';

/*
 * Orders are taxed by the tax treatment of the billing country
 * (docs/decisions/013-tax-treatment-and-promo-rules.md): French VAT in France and Monaco, the
 * member state's standard rate for an EU consumer, none outside the EU.
 */
describe('tax by billing country', () => {
  const t = shopSuite();

  // Agence monthly with one extra installation: 119.00 + 49.00 + 5.00 = 173.00, times 3.
  const agenceTimesThree = (country: string) =>
    orderBody(
      [
        item(t.agence.id, {
          quantity: 3,
          customizations: { primary_domain: 'exemple.fr', extra_installations: 1 },
        }),
      ],
      { billing_address: billing({ country }) },
    );

  it.each([
    ['FR', 'domestic'],
    ['MC', 'domestic'],
    ['BE', 'eu_consumer'],
    ['DE', 'eu_consumer'],
    ['HU', 'eu_consumer'],
    ['FI', 'eu_consumer'],
    ['CH', 'export'],
    ['US', 'export'],
    ['JP', 'export'],
    ['RE', 'export'],
  ] as const)('taxes an order billed to %s as %s', async (country, kind) => {
    const res = await placeOrder(t.app, t.alice, agenceTimesThree(country));
    expect(res.statusCode).toBe(201);
    const subtotal = (t.agence.priceCents + t.agence.setupFeeCents + 500) * 3;
    const treatment = decideTaxTreatment({ country });
    expect(treatment.kind).toBe(kind);
    const tax = applyRate(subtotal, treatment.rateBasisPoints / 100);
    const { order } = orderOf(res);
    expect(order).toMatchObject({
      subtotal: centsToDecimalString(subtotal),
      discount: '0.00',
      taxable: centsToDecimalString(subtotal),
      tax_rate: centsToDecimalString(treatment.rateBasisPoints),
      tax_amount: centsToDecimalString(tax),
      tax: centsToDecimalString(tax),
      total: centsToDecimalString(subtotal + tax),
      reverse_charge: false,
      tax_kind: kind,
      vat_number_status: 'none',
    });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({
      taxRateBasisPoints: treatment.rateBasisPoints,
      taxCents: tax,
      totalCents: subtotal + tax,
      taxableCents: subtotal,
      discountCents: 0,
      taxKind: kind,
      reverseCharge: false,
      taxMentionKey: treatment.mention ?? null,
      vatNumber: null,
      vatNumberStatus: 'none',
      promoCode: null,
    });
  });

  it('gives an export its legal mention in the reader’s language', async () => {
    const res = await placeOrder(t.app, t.alice, agenceTimesThree('JP'), {
      'accept-language': 'en',
    });
    expect(orderOf(res).order).toMatchObject({
      tax_amount: '0.00',
      mention: 'VAT not applicable — article 259-1 of the French General Tax Code',
    });
  });

  it('rounds Finnish VAT half-up to the cent', async () => {
    // 519.00 x 25.5 % = 132.345 -> 132.35.
    expect(EU_STANDARD_VAT_RATES.FI).toBe(2550);
    const res = await placeOrder(t.app, t.alice, agenceTimesThree('FI'));
    expect(orderOf(res).order).toMatchObject({
      subtotal: '519.00',
      tax_rate: '25.50',
      tax_amount: '132.35',
      total: '651.35',
    });
  });
});
