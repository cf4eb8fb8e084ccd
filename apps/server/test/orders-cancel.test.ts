import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { sessionCookie } from './auth-helpers';
import {
  buyer,
  cancelOrder,
  item,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
  type Buyer,
} from './orders-helpers';
import { eventsOf, orderRow } from './payments-helpers';

describe('POST /orders/{id}/cancel (pending and unpaid, or failed, only)', () => {
  const t = shopSuite();

  const newOrder = async () =>
    orderOf(await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]))).order;
  const cancel = (who: Buyer | null, id: string, payload: unknown = {}, headers = {}) =>
    cancelOrder(t.app, who, id, payload, headers);
  const statusOf = async (id: string) => (await orderRow(t.db, id))?.status;

  it('cancels a pending unpaid order and records the transition', async () => {
    const order = await newOrder();
    const res = await cancel(t.alice, order.id, { reason: '  Erreur de licence  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Votre commande a été annulée',
      order: { id: order.id, status: 'cancelled', payment_status: 'unpaid' },
    });
    expect(await statusOf(order.id)).toBe('cancelled');
    const events = await eventsOf(t.db, order.id);
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.reason])).toEqual([
      [null, 'pending', 'created'],
      ['pending', 'cancelled', 'cancelled by customer: Erreur de licence'],
    ]);
  });

  it('refuses to cancel twice (409) and writes no second event', async () => {
    const order = await newOrder();
    expect((await cancel(t.alice, order.id)).statusCode).toBe(200);
    const again = await cancel(t.alice, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'Cette commande ne peut plus être annulée',
    });
    expect(await eventsOf(t.db, order.id)).toHaveLength(2);
  });

  type State = Pick<typeof orders.$inferInsert, 'status' | 'paymentStatus'>;
  it.each<[string, State]>([
    ['paid', { status: 'pending', paymentStatus: 'paid' }],
    ['awaiting the payment provider', { status: 'pending', paymentStatus: 'pending' }],
    ['processing', { status: 'processing', paymentStatus: 'paid' }],
    ['completed', { status: 'completed', paymentStatus: 'paid' }],
    ['failed while its issuing failed after payment', { status: 'failed', paymentStatus: 'paid' }],
  ])('refuses to cancel an order that is %s (409)', async (_label, state) => {
    const order = await newOrder();
    await t.db.update(orders).set(state).where(eq(orders.id, order.id));
    const res = await cancel(t.alice, order.id);
    expect(res.statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe(state.status);
  });

  it('answers 404 to another client and leaves the order alone', async () => {
    const order = await newOrder();
    const mallory = await buyer(t.app);
    const res = await cancel(mallory, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Commande non trouvée' });
    expect(await statusOf(order.id)).toBe('pending');
    expect((await cancel(t.alice, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('needs a session, and refuses a cross-site cookie request', async () => {
    const order = await newOrder();
    expect((await cancel(null, order.id)).statusCode).toBe(401);
    const forged = await cancel(
      t.alice,
      order.id,
      {},
      {
        ...sessionCookie(t.alice.token),
        origin: 'https://evil.example',
      },
    );
    expect(forged.statusCode).toBe(403);
    expect(await statusOf(order.id)).toBe('pending');
  });

  it('refuses an over-long reason with a field error', async () => {
    const order = await newOrder();
    const res = await cancel(t.alice, order.id, { reason: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { reason: ['Valeur trop longue'] } });
    expect(await statusOf(order.id)).toBe('pending');
  });
});
