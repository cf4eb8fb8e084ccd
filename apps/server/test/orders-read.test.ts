import { beforeAll, describe, expect, it } from 'vitest';
import {
  ORDERS,
  buyer,
  getAs,
  item,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
  type Buyer,
  type OrderAnswer,
} from './orders-helpers';

const NOT_FOUND = { success: false, message: 'Commande non trouvée' };

describe('order reads: owner only', () => {
  const t = shopSuite();
  let mallory: Buyer;
  let order: OrderAnswer;

  beforeAll(async () => {
    mallory = await buyer(t.app);
    order = orderOf(await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]))).order;
  });

  it('gives the owner the order by id and by number, without caching', async () => {
    for (const url of [`${ORDERS}/${order.id}`, `${ORDERS}/number/${order.order_number}`]) {
      const res = await getAs(t.app, t.alice, url);
      expect(res.statusCode).toBe(200);
      // A read also says where its open payment attempt is paid (nowhere online for a
      // transfer), and carries the order's history and credit notes.
      expect(res.json()).toEqual({
        success: true,
        order: {
          ...order,
          payment_url: null,
          events: [
            {
              at: order.created_at,
              from: null,
              to: 'pending',
              payment_status: 'unpaid',
              reason: 'created',
            },
          ],
          credit_notes: [],
          // A transfer not yet paid: nothing to withdraw from.
          withdrawal: null,
        },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 404 "Commande non trouvée" to another client, as for an unknown order', async () => {
    for (const url of [
      `${ORDERS}/${order.id}`,
      `${ORDERS}/number/${order.order_number}`,
      `${ORDERS}/${order.id}/payment-status`,
      `${ORDERS}/00000000-0000-4000-8000-000000000000`,
      `${ORDERS}/number/CAD-2026-ZZZZZZZZ`,
    ]) {
      const res = await getAs(t.app, mallory, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers 404, never 500, to malformed ids and numbers', async () => {
    for (const url of [
      `${ORDERS}/12`,
      `${ORDERS}/not-a-uuid`,
      `${ORDERS}/${encodeURIComponent("1' OR '1'='1")}`,
      `${ORDERS}/number/cad-2026-abc`,
      `${ORDERS}/number/${encodeURIComponent(`${order.order_number}' --`)}`,
      `${ORDERS}/%00/payment-status`,
    ]) {
      const res = await getAs(t.app, t.alice, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('needs a session for every order read', async () => {
    for (const url of [
      `${ORDERS}/${order.id}`,
      `${ORDERS}/number/${order.order_number}`,
      `${ORDERS}/${order.id}/payment-status`,
    ]) {
      const res = await getAs(t.app, null, url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Vous devez être connecté' });
    }
  });

  it('tells the owner the order and payment status', async () => {
    const res = await getAs(t.app, t.alice, `${ORDERS}/${order.id}/payment-status`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: 'pending',
      payment_status: 'unpaid',
      license_count: 0,
      renewed_license: null,
    });
  });

  it('lists the three payment methods, translated, without a session', async () => {
    const fr = await t.app.inject({ method: 'GET', url: '/api/v1/website/payment-methods' });
    expect(fr.statusCode).toBe(200);
    expect(fr.json()).toEqual({
      success: true,
      payment_methods: [
        {
          id: 'stripe',
          name: 'Carte bancaire',
          description: 'Paiement sécurisé par carte bancaire',
          enabled: true,
          fees: 0,
        },
        expect.objectContaining({ id: 'paypal', name: 'PayPal', enabled: true }),
        expect.objectContaining({ id: 'bank_transfer', name: 'Virement bancaire', fees: 0 }),
      ],
    });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/v1/website/payment-methods',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json<{ payment_methods: Array<{ name: string }> }>().payment_methods[0]?.name).toBe(
      'Credit card',
    );
  });

  it('documents every order call in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/website/orders',
        '/api/v1/website/orders/{id}',
        '/api/v1/website/orders/number/{orderNumber}',
        '/api/v1/website/orders/{id}/payment-status',
        '/api/v1/website/orders/{id}/cancel',
        '/api/v1/website/payment-methods',
        '/api/v1/website/quote',
        '/api/v1/admin/promo-codes',
      ]),
    );
  });
});
