import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { pdfAttachment, readCii } from './facturx-helpers';
import { invoicesOf, pdfText } from './invoices-helpers';
import {
  billing,
  getAs,
  item,
  ORDERS,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
} from './orders-helpers';
import { decide, sandboxIdOf } from './payments-helpers';

/**
 * A French business gives its SIREN at checkout (docs/product.md 'Invoices' ('The e-invoice')):
 * refused with a wrong check digit, kept on the order, printed on the invoice and carried in its
 * Factur-X data under scheme 0002.
 */
describe('the buyer’s SIREN from checkout to the e-invoice', () => {
  const t = shopSuite();

  it('refuses a SIREN whose check digit is wrong, in the buyer’s language, and creates nothing', async () => {
    const before = await t.db.select().from(orders);
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { billing_address: billing({ siren: '732829321' }) }),
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { 'billing_address.siren': ['The SIREN is not valid (9 digits with a check digit)'] },
    });
    const foreign = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], {
        billing_address: billing({ siren: '732829320', country: 'DE', postal_code: '10115' }),
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(await t.db.select().from(orders)).toHaveLength(before.length);
  });

  it('prints it on the invoice and gives it in the Factur-X data', async () => {
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], {
        payment_method: 'stripe',
        billing_address: billing({ siren: '732 829 320' }),
      }),
    );
    expect(res.statusCode).toBe(201);
    const placed = orderOf(res);
    expect(placed.order.billing_address).toMatchObject({ siren: '732829320' });
    const paid = await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    expect(paid.statusCode).toBe(200);
    const [invoice] = await invoicesOf(t.db, placed.order.id);
    expect(invoice?.document.buyer.siren).toBe('732829320');

    const pdf = (await getAs(t.app, t.alice, `${ORDERS}/${placed.order.id}/invoice`)).rawPayload;
    expect(pdfText(pdf)).toContain('SIREN : 732 829 320');
    const cii = readCii(pdfAttachment(pdf, 'factur-x.xml'));
    expect(cii.within('BuyerTradeParty', 'ID')).toEqual(['732829320']);
    expect(cii.within('ExchangedDocument', 'ID')).toEqual([invoice?.number]);
    expect(cii.one('GrandTotalAmount')).toBe((invoice!.document.grossCents / 100).toFixed(2));
  });
});
