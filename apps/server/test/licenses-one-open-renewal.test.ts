import { addCycle } from '@cadran/domain/billing-cycles';
import { OPEN_ORDER_STATUSES } from '@cadran/domain/order-status';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ONE_OPEN_RENEWAL_PER_LICENSE, orders } from '../src/db/schema/orders';
import { violatedUniqueConstraint } from '../src/db/unique-violation';
import { buyLicences, MY_LICENSES, movableClock, type LicenceAnswer } from './licenses-helpers';
import {
  buyer,
  cancelOrder,
  item,
  orderBody,
  placeOrder,
  shopSuite,
  template,
  type Buyer,
} from './orders-helpers';
import { buyRenewing, invoicesOfOrder, licenceNow, runAsOf, termsOf } from './renewals-helpers';
import { signedInStaff } from './staff-helpers';

/**
 * One open renewal order per licence (docs/product.md 'Licences' ('Renewal')), held by the
 * database: simultaneous requests leave exactly one, the others are answered it again or told
 * in their language why not, and a renewal opened by hand never blocks the automatic run.
 */

const clock = movableClock();
const t = shopSuite({ now: clock.now });

const renew = (who: Buyer, licenseId: string, method: string, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: `${MY_LICENSES}/${licenseId}/renew`,
    headers: { ...who.headers, 'accept-language': lang },
    payload: { payment_method: method },
  });

const openRenewals = (licenseId: string) =>
  t.db
    .select()
    .from(orders)
    .where(and(eq(orders.renewsLicenseId, licenseId), inArray(orders.status, OPEN_ORDER_STATUSES)));

async function proLicence(who: Buyer) {
  const [licence] = (await buyLicences(t.app, t.db, who, t.pro.id)).licences;
  if (!licence) throw new Error('no licence issued');
  return licence;
}

describe('one open renewal order per licence', () => {
  it('ten simultaneous renewals with the same method make one order, answered to all', async () => {
    const alice = await buyer(t.app);
    const licence = await proLicence(alice);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => renew(alice, licence.id, 'bank_transfer')),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((res) => res.json<LicenceAnswer>().order.id));
    const open = await openRenewals(licence.id);
    expect(open).toHaveLength(1);
    expect([...ids]).toEqual([open[0]!.id]);
  });

  it('simultaneous renewals by two methods leave one order; the others get a 409 in their language', async () => {
    const alice = await buyer(t.app);
    const licence = await proLicence(alice);
    const methods = [
      'stripe',
      'bank_transfer',
      'stripe',
      'bank_transfer',
      'stripe',
      'bank_transfer',
    ];
    const answers = await Promise.all(
      methods.map((method, i) => renew(alice, licence.id, method, i % 2 ? 'en' : 'fr')),
    );
    const open = await openRenewals(licence.id);
    expect(open).toHaveLength(1);
    for (const [i, res] of answers.entries()) {
      if (methods[i] === open[0]!.paymentMethod) {
        expect(res.statusCode).toBe(201);
        expect(res.json<LicenceAnswer>().order.id).toBe(open[0]!.id);
        continue;
      }
      expect(res.statusCode).toBe(409);
      expect(res.json<LicenceAnswer>()).toMatchObject({
        success: false,
        message:
          i % 2
            ? 'A renewal order of this licence is already open: pay it or cancel it from your orders first'
            : 'Une commande de renouvellement de cette licence est déjà ouverte : payez-la ou annulez-la d’abord depuis vos commandes',
      });
    }
  });

  it('is the database’s rule: a second open order naming the licence is refused, a closed one is not', async () => {
    const alice = await buyer(t.app);
    const licence = await proLicence(alice);
    const first = await renew(alice, licence.id, 'bank_transfer');
    expect(first.statusCode).toBe(201);
    const other = await placeOrder(t.app, alice, orderBody([item(t.pro.id)]));
    const otherId = other.json<LicenceAnswer>().order.id;
    const error = await t.db
      .update(orders)
      .set({ renewsLicenseId: licence.id })
      .where(eq(orders.id, otherId))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(violatedUniqueConstraint(error)).toBe(ONE_OPEN_RENEWAL_PER_LICENSE);

    // Once the open one is cancelled, the licence may be renewed again.
    const cancelled = await cancelOrder(t.app, alice, first.json<LicenceAnswer>().order.id);
    expect(cancelled.statusCode).toBe(200);
    const again = await renew(alice, licence.id, 'stripe');
    expect(again.statusCode).toBe(201);
    expect(again.json<LicenceAnswer>().order.id).not.toBe(first.json<LicenceAnswer>().order.id);
    expect(await openRenewals(licence.id)).toHaveLength(1);
  });
});

describe('a renewal opened by hand on a licence that renews itself', () => {
  it('is taken over and charged by the run instead of blocking it', async () => {
    clock.set(new Date());
    const monthly = await template(t.db, 'pro-monthly');
    const alice = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, alice, monthly.id);
    const oldExpiry = (await licenceNow(t.db, licence.id)).expiresAt!;
    // The owner opens a renewal to pay by transfer, then never pays it.
    const byHand = await renew(alice, licence.id, 'bank_transfer');
    expect(byHand.statusCode).toBe(201);
    const handOrderId = byHand.json<LicenceAnswer>().order.id;

    const staff = await signedInStaff(t.app, t.db);
    const run = await runAsOf(t.app, staff.headers, new Date(oldExpiry.getTime() + 1000));
    expect(run.json()).toMatchObject({ success: true, failed: 0 });

    const [term] = await termsOf(t.db, licence.id);
    expect(term?.order).toMatchObject({
      id: handOrderId,
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
    });
    expect(term?.renewal.termExpiresAt).toEqual(oldExpiry);
    expect((await licenceNow(t.db, licence.id)).expiresAt).toEqual(addCycle(oldExpiry, 'monthly'));
    expect(await invoicesOfOrder(t.db, handOrderId)).toHaveLength(1);
    expect(await openRenewals(licence.id)).toHaveLength(0);
    clock.set(new Date());
  });

  it('is left to its owner while they are paying it, then charged once their payment is over', async () => {
    clock.set(new Date());
    const monthly = await template(t.db, 'pro-monthly');
    const alice = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, alice, monthly.id);
    const oldExpiry = (await licenceNow(t.db, licence.id)).expiresAt!;
    // A card payment of the hand renewal is open on the sandbox page.
    const byHand = await renew(alice, licence.id, 'stripe');
    const handOrderId = byHand.json<LicenceAnswer>().order.id;

    const staff = await signedInStaff(t.app, t.db);
    const asOf = new Date(oldExpiry.getTime() + 1000);
    const waiting = await runAsOf(t.app, staff.headers, asOf);
    expect(waiting.statusCode).toBe(200);
    expect(await termsOf(t.db, licence.id)).toHaveLength(0);
    expect((await licenceNow(t.db, licence.id)).expiresAt).toEqual(oldExpiry);

    // The owner gives up: the order is cancelled, its payment closed; the run renews alone.
    expect((await cancelOrder(t.app, alice, handOrderId)).statusCode).toBe(200);
    const run = await runAsOf(t.app, staff.headers, asOf);
    expect(run.statusCode).toBe(200);
    const [term] = await termsOf(t.db, licence.id);
    expect(term?.order.id).not.toBe(handOrderId);
    expect(term?.order.status).toBe('completed');
    expect((await licenceNow(t.db, licence.id)).expiresAt).toEqual(addCycle(oldExpiry, 'monthly'));
    clock.set(new Date());
  });
});
