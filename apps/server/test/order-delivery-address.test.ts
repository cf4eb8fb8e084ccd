import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { pdfAttachment, readCii } from './facturx-helpers';
import { invoicesOf, pdfText } from './invoices-helpers';
import {
  billing,
  buyer,
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
 * The delivery address when it differs (docs/decisions/055-delivery-address-and-vat-alone.md):
 * checked as the billing address is, stored with the order only when it differs, printed on
 * the invoice and carried as the ship-to party of its Factur-X data.
 */

const warehouse = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Marc',
  last_name: 'Roy',
  company: 'Atelier Martin',
  address_line_1: '8 rue du Dépôt',
  address_line_2: '',
  city: 'Dole',
  postal_code: '39100',
  country: 'FR',
  ...overrides,
});

describe('the delivery address from checkout to the e-invoice', () => {
  const t = shopSuite();

  it('refuses an incomplete or malformed delivery address in the buyer’s language and creates nothing', async () => {
    const before = await t.db.select().from(orders);
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { delivery_address: warehouse({ city: ' ', country: 'ZZ' }) }),
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors['delivery_address.city']).toEqual(['City is required']);
    expect(errors['delivery_address.country']).toHaveLength(1);
    for (const body of [{ delivery_address: 'Dole' }, { delivery_address: { city: 'Dole' } }]) {
      const bad = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)], body));
      expect(bad.statusCode).toBe(400);
    }
    expect(await t.db.select().from(orders)).toHaveLength(before.length);
  });

  it('keeps no delivery address when the one given is the billing address again', async () => {
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], {
        delivery_address: {
          ...warehouse(),
          first_name: 'Camille',
          last_name: 'Martin',
          address_line_1: '12 rue de la paix',
          city: 'PARIS',
          postal_code: '75002',
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    const placed = orderOf(res);
    expect(placed.order.delivery_address).toBeNull();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row?.deliveryAddress).toBeNull();
  });

  it('stores one that differs, prints it on the invoice and gives it as the ship-to party', async () => {
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], {
        payment_method: 'stripe',
        billing_address: billing(),
        delivery_address: warehouse({ city: '  Dole ' }),
      }),
    );
    expect(res.statusCode).toBe(201);
    const placed = orderOf(res);
    expect(placed.order.delivery_address).toMatchObject({
      city: 'Dole',
      address_line_1: '8 rue du Dépôt',
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row?.deliveryAddress).toMatchObject({
      first_name: 'Marc',
      city: 'Dole',
      postal_code: '39100',
    });

    const paid = await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    expect(paid.statusCode).toBe(200);
    const [invoice] = await invoicesOf(t.db, placed.order.id);
    expect(invoice?.document.delivery).toMatchObject({ name: 'Marc Roy', city: 'Dole' });

    const pdf = (await getAs(t.app, t.alice, `${ORDERS}/${placed.order.id}/invoice`)).rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain('ADRESSE DE LIVRAISON');
    expect(text).toContain('39100 Dole');
    const cii = readCii(pdfAttachment(pdf, 'factur-x.xml'));
    expect(cii.within('ShipToTradeParty', 'CityName')).toEqual(['Dole']);
    expect(cii.within('ShipToTradeParty', 'PostcodeCode')).toEqual(['39100']);
    expect(cii.within('BuyerTradeParty', 'CityName')).toEqual(['Paris']);
  });

  it('answers someone else’s order as unknown, delivery address and all', async () => {
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { delivery_address: warehouse() }),
    );
    const placed = orderOf(res);
    const other = await getAs(t.app, await buyer(t.app), `${ORDERS}/${placed.order.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Dole');
  });
});
