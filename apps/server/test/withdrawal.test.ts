import { AdminOrderActionResponseSchema } from '@cadran/domain/staff-orders';
import { describe, expect, it } from 'vitest';
import { movableClock } from './licenses-helpers';
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
  type Buyer,
} from './orders-helpers';
import { decide, eventsOf, licensesOf, mailsTo, orderRow, sandboxIdOf } from './payments-helpers';
import { adminGet, adminPost, signedInStaff } from './staff-helpers';

/**
 * The withdrawal function (docs/product.md 'Orders' ('Withdrawal')): a consumer withdraws from
 * a paid order within 30 days, acknowledged by e-mail in their language; staff see it on the
 * order and refund it with its credit note. A business buyer, an order past its period and
 * another account's order are refused, changing nothing.
 */

const DAY = 86_400_000;
const clock = movableClock();
const t = shopSuite({ now: clock.now });

/** A card order of one licence, paid on the sandbox page; a consumer's unless `company`. */
async function paidOrder(who: Buyer, company = '') {
  const res = await placeOrder(
    t.app,
    who,
    orderBody([item(t.pro.id)], {
      payment_method: 'stripe',
      billing_address: billing({ company }),
    }),
  );
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const placed = orderOf(res);
  const paid = await decide(t.app, who, sandboxIdOf(placed.payment_url), 'pay');
  if (paid.statusCode !== 200) throw new Error(`sandbox: ${paid.statusCode} ${paid.body}`);
  return placed.order.id;
}

const withdraw = (who: Buyer, orderId: string, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: `${ORDERS}/${orderId}/withdrawal`,
    headers: { ...who.headers, 'accept-language': lang },
    payload: {},
  });

interface Answer {
  order: {
    withdrawal: {
      state: string;
      possible: boolean;
      available_until: string;
      requested_at: string | null;
    } | null;
  };
}

describe('withdrawal from an order', () => {
  it('is offered to a consumer, recorded once, acknowledged by e-mail, and refunded by staff', async () => {
    clock.set(new Date());
    const orderId = await paidOrder(t.alice);
    const before = (await getAs(t.app, t.alice, `${ORDERS}/${orderId}`)).json<Answer>();
    expect(before.order.withdrawal).toMatchObject({
      state: 'open',
      possible: true,
      requested_at: null,
    });
    const until = new Date(before.order.withdrawal!.available_until).getTime();
    expect(until - Date.now()).toBeGreaterThan(29 * DAY);

    clock.advance(3 * DAY);
    const asked = await withdraw(t.alice, orderId, 'en');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      withdrawal: { state: 'requested', possible: false, requested_at: clock.now().toISOString() },
      message: 'Your withdrawal is recorded: an acknowledgement was sent to you by e-mail',
    });
    // A double click answers the first request and mails nothing more.
    const again = await withdraw(t.alice, orderId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      withdrawal: { requested_at: clock.now().toISOString() },
    });
    const acknowledgements = (await mailsTo(t.db, t.alice.email)).filter(
      (mail) => mail.kind === 'renewal_withdrawal_received',
    );
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]!.subject).toContain('We received your withdrawal');
    const number = (await orderRow(t.db, orderId))!.orderNumber;
    expect(acknowledgements[0]!.textBody).toContain(
      'You exercised your right of withdrawal for order',
    );
    expect(acknowledgements[0]!.htmlBody).toContain(`/client/orders/${number}?lang=en`);
    expect(acknowledgements[0]!.htmlBody).toContain('lang="en"');
    const reasons = (await eventsOf(t.db, orderId)).map((event) => event.reason);
    expect(
      reasons.filter((reason) => reason === 'withdrawal requested by the consumer'),
    ).toHaveLength(1);
    expect((await orderRow(t.db, orderId))?.withdrawalRequestedAt).toEqual(clock.now());
    // Nothing is refunded until staff do it.
    expect((await orderRow(t.db, orderId))?.paymentStatus).toBe('paid');

    const admin = await signedInStaff(t.app, t.db, 'admin');
    const seen = await adminGet(t.app, `/orders/${orderId}`, admin.headers);
    expect(seen.json()).toMatchObject({
      order: { withdrawal: { state: 'requested', requested_at: clock.now().toISOString() } },
    });
    const refunded = await adminPost(t.app, `/orders/${orderId}/refund`, admin.headers, {
      reason: 'Rétractation du consommateur',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const { order } = AdminOrderActionResponseSchema.parse(refunded.json());
    expect(order.credit_notes).toHaveLength(1);
    expect(order.withdrawal).toMatchObject({ state: 'refunded' });
    expect(order.licences.every((licence) => licence.status === 'revoked')).toBe(true);
    const after = (await getAs(t.app, t.alice, `${ORDERS}/${orderId}`)).json<Answer>();
    expect(after.order.withdrawal).toMatchObject({ state: 'refunded', possible: false });
  });

  it('acknowledges in French, with the order’s page in French, a withdrawal asked in French', async () => {
    clock.set(new Date());
    const carol = await buyer(t.app);
    const orderId = await paidOrder(carol);
    expect((await withdraw(carol, orderId, 'fr')).statusCode).toBe(201);
    const [mail] = (await mailsTo(t.db, carol.email)).filter(
      (sent) => sent.kind === 'renewal_withdrawal_received',
    );
    const number = (await orderRow(t.db, orderId))!.orderNumber;
    expect(mail!.subject).toBe(`Nous avons bien reçu votre rétractation (commande ${number})`);
    expect(mail!.htmlBody).toContain('lang="fr"');
    expect(mail!.htmlBody).toContain(`/client/orders/${number}?lang=fr`);
  });

  it('refuses a business buyer and an order past 30 days in the visitor’s language, changing nothing', async () => {
    clock.set(new Date());
    const bob = await buyer(t.app);
    const business = await paidOrder(bob, 'Atelier Martin');
    expect(
      (await getAs(t.app, bob, `${ORDERS}/${business}`)).json<Answer>().order.withdrawal,
    ).toBeNull();
    const refused = await withdraw(bob, business);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'La rétractation est réservée aux consommateurs : cette commande a été passée par une entreprise',
    );
    expect((await withdraw(bob, business, 'en')).json<{ message: string }>().message).toBe(
      'Withdrawal is for consumers: this order was placed by a business',
    );

    const late = await paidOrder(bob);
    const lateUrl = `${ORDERS}/${late}`;
    const open = (await getAs(t.app, bob, lateUrl)).json<Answer>().order.withdrawal!;
    // The invoice dates the payment at the real time: the period ends 30 days after it.
    clock.set(new Date(new Date(open.available_until).getTime() + 1000));
    const view = (await getAs(t.app, bob, lateUrl)).json<Answer>().order.withdrawal;
    expect(view).toMatchObject({ state: 'closed', possible: false });
    const tooLate = await withdraw(bob, late, 'en');
    expect(tooLate.statusCode).toBe(422);
    expect(tooLate.json<{ message: string }>().message).toMatch(
      /^The withdrawal period of this order ended on \d{1,2} \w+ \d{4}$/,
    );
    for (const id of [business, late]) {
      expect((await orderRow(t.db, id))?.withdrawalRequestedAt).toBeNull();
      expect((await eventsOf(t.db, id)).map((event) => event.reason)).not.toContain(
        'withdrawal requested by the consumer',
      );
    }
    expect(
      (await mailsTo(t.db, bob.email)).filter(
        (mail) => mail.kind === 'renewal_withdrawal_received',
      ),
    ).toHaveLength(0);
  });

  it('answers another account’s order, an unknown one and a malformed id as not found', async () => {
    clock.set(new Date());
    const orderId = await paidOrder(t.alice);
    const mallory = await buyer(t.app);
    const foreign = await withdraw(mallory, orderId);
    expect(foreign.statusCode).toBe(404);
    const unknown = await withdraw(mallory, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(foreign.json());
    expect((await withdraw(mallory, 'not-an-id')).statusCode).toBe(404);
    expect((await orderRow(t.db, orderId))?.withdrawalRequestedAt).toBeNull();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${ORDERS}/${orderId}/withdrawal`,
      headers: { origin: t.alice.headers.origin ?? '' },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await licensesOf(t.db, orderId)).every((licence) => licence.state === 'active')).toBe(
      true,
    );
  });

  it('refuses an unpaid order and a body with unknown fields', async () => {
    const placed = orderOf(
      await placeOrder(
        t.app,
        t.alice,
        orderBody([item(t.pro.id)], {
          payment_method: 'stripe',
          billing_address: billing({ company: '' }),
        }),
      ),
    );
    const unpaid = await withdraw(t.alice, placed.order.id, 'en');
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json<{ message: string }>().message).toBe(
      'This order is not paid: there is nothing to withdraw from',
    );
    const odd = await t.app.inject({
      method: 'POST',
      url: `${ORDERS}/${placed.order.id}/withdrawal`,
      headers: t.alice.headers,
      payload: { refund: 'twice' },
    });
    expect(odd.statusCode).toBe(400);
    expect((await orderRow(t.db, placed.order.id))?.withdrawalRequestedAt).toBeNull();
  });
});
