import { PromoCodeCreateSchema } from '@cadran/domain/promo-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PromoRepository } from '../src/modules/orders/promo-repository';
import { invoicesOf, pdfText } from './invoices-helpers';
import {
  billing,
  getAs,
  item,
  openShop,
  orderBody,
  orderOf,
  ORDERS,
  placeOrder,
  type Shop,
} from './orders-helpers';
import { decide, sandboxIdOf } from './payments-helpers';
import { ViesStandIn } from './vies-stand-in';

/*
 * The invoice states what the order was priced with (docs/product.md 'Invoices'): a German
 * business whose VAT number VIES confirmed, buying with a promo code, gets an invoice without
 * VAT, with the reverse-charge mention, its VAT number and the discount under the code's name.
 */
describe('invoice of an order priced with a promo code and the reverse charge', () => {
  const vies = new ViesStandIn();
  let t: Shop;
  beforeAll(async () => {
    await vies.start();
    vies.set('DE136695976', 'valid');
    t = await openShop({ env: vies.env() });
    await new PromoRepository(t.db).create(
      PromoCodeCreateSchema.parse({
        code: 'AUTOMNE-26',
        discount: { type: 'percentage', percent: 10 },
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await vies.close();
  });

  it('carries the discount, no VAT, the buyer’s VAT number and the mention, in both languages', async () => {
    for (const language of ['fr', 'en'] as const) {
      const res = await placeOrder(
        t.app,
        t.alice,
        orderBody([item(t.pro.id)], {
          payment_method: 'stripe',
          promo_code: 'automne-26',
          billing_address: billing({
            company: 'Uhrwerk GmbH',
            address_line_1: 'Friedrichstraße 12',
            city: 'Berlin',
            postal_code: '10117',
            country: 'DE',
            vat_number: 'DE 136 695 976',
          }),
        }),
        { 'accept-language': language },
      );
      expect(res.statusCode).toBe(201);
      const placed = orderOf(res);
      expect(placed.order).toMatchObject({ reverse_charge: true, tax: '0.00' });
      const discount = Number(placed.order.discount);
      expect(discount).toBeGreaterThan(0);

      const paid = await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
      expect(paid.statusCode).toBe(200);

      const [invoice] = await invoicesOf(t.db, placed.order.id);
      expect(invoice?.document).toMatchObject({
        discountCents: Math.round(discount * 100),
        discountLabel: 'AUTOMNE-26',
        vatCents: 0,
        reverseCharge: true,
        taxKind: 'reverse_charge',
        grossCents: Math.round(Number(placed.order.total) * 100),
      });

      const pdf = await getAs(t.app, t.alice, `${ORDERS}/${placed.order.id}/invoice`);
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('DE136695976');
      expect(text).toContain('AUTOMNE-26');
      expect(text).toContain('Uhrwerk GmbH');
      expect(text).toContain(
        language === 'fr'
          ? 'Autoliquidation — article 196 de la directive 2006/112/CE'
          : 'Reverse charge — Article 196 of Council Directive 2006/112/EC',
      );
    }
  });
});
