import { addCycle } from '@cadran/domain/billing-cycles';
import { describe, expect, it } from 'vitest';
import { MY_LICENSES, movableClock } from './licenses-helpers';
import { buyer, getAs, shopSuite, template } from './orders-helpers';
import { eventsOf, mailsTo, paymentEventsOf } from './payments-helpers';
import {
  DAY,
  buyRenewing,
  invoicesOfOrder,
  licenceNow,
  runAsOf,
  termsOf,
} from './renewals-helpers';
import { signedInStaff } from './staff-helpers';

/**
 * The renewal run (docs/product.md 'Licences' ('Automatic renewal')): a licence bought with the
 * box ticked renews itself, charged once per term on its saved method, its invoice issued and
 * the term continued from the old expiry; a declined card goes through the retries and stops.
 */

const clock = movableClock();
const t = shopSuite({ now: clock.now });

interface Owned {
  id: string;
  auto_renew: {
    enabled: boolean;
    method: { type: string; label: string; expires: string | null } | null;
    next_charge_at: string | null;
    next_amount: number | null;
  };
  pending_plan_change: unknown;
}

const mine = async (who: Parameters<typeof getAs>[1], id: string) =>
  (await getAs(t.app, who, MY_LICENSES))
    .json<{ licenses: Owned[] }>()
    .licenses.find((licence) => licence.id === id);

describe('a licence bought with automatic renewal', () => {
  it('saves the card, says when and how much it charges, and renews once per term from its old expiry', async () => {
    clock.set(new Date());
    const monthly = await template(t.db, 'pro-monthly');
    const alice = await buyer(t.app);
    const { licence, orderId } = await buyRenewing(t.app, t.db, alice, monthly.id);
    const first = await licenceNow(t.db, licence.id);
    expect(first).toMatchObject({ autoRenew: true });
    const oldExpiry = first.expiresAt!;

    const owned = await mine(alice, licence.id);
    expect(owned?.auto_renew.method?.expires).toMatch(/^20\d\d-\d\d$/);
    expect(owned?.auto_renew).toEqual({
      enabled: true,
      method: { type: 'card', label: 'Visa •••• 4242', expires: owned?.auto_renew.method?.expires },
      next_charge_at: new Date(oldExpiry.getTime() - DAY).toISOString(),
      // Pro monthly renews at 49.00 excluding VAT, 20 % French VAT.
      next_amount: 5880,
    });
    expect(owned?.pending_plan_change).toBeNull();

    const staff = await signedInStaff(t.app, t.db);
    // Not due yet: nothing happens.
    const early = await runAsOf(t.app, staff.headers, new Date(oldExpiry.getTime() - 3 * DAY));
    expect(early.json()).toMatchObject({ charged: 0, failed: 0 });

    const asOf = new Date(oldExpiry.getTime() + 1000);
    const run = await runAsOf(t.app, staff.headers, asOf);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ success: true, charged: 1, failed: 0 });
    // A second run, and a third at once, charge nothing more.
    const again = await Promise.all([
      runAsOf(t.app, staff.headers, asOf),
      runAsOf(t.app, staff.headers, asOf),
    ]);
    for (const res of again) expect(res.json()).toMatchObject({ charged: 0, failed: 0 });

    const renewed = await licenceNow(t.db, licence.id);
    expect(renewed.expiresAt).toEqual(addCycle(oldExpiry, 'monthly'));
    expect(renewed.licenseKey).toBe(first.licenseKey);
    const terms = await termsOf(t.db, licence.id);
    expect(terms).toHaveLength(1);
    const [term] = terms;
    expect(term!.renewal).toMatchObject({
      chargeStatus: 'charged',
      failures: 0,
      periodStartsAt: oldExpiry,
    });
    expect(term!.order).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      totalCents: 5880,
    });
    expect(term!.order.id).not.toBe(orderId);
    expect(await invoicesOfOrder(t.db, term!.order.id)).toHaveLength(1);
    const events = (await eventsOf(t.db, term!.order.id)).map((event) => event.reason);
    expect(events[0]).toBe('automatic renewal');
    expect(events).toContain('saved method charged (attempt 1)');
    const receipts = await mailsTo(t.db, alice.email);
    expect(receipts.some((mail) => mail.subject.includes(term!.order.orderNumber))).toBe(true);
    expect(
      (await paymentEventsOf(t.db, 'sandbox')).filter((e) => e.orderId === term!.order.id),
    ).toHaveLength(1);

    // The dashboard, read after that term, counts it (49.00 a month excluding VAT).
    clock.set(asOf);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard',
      headers: staff.headers,
    });
    const recurring = dashboard.json<{
      recurring: { mrr: number; arr: number; renewal_rate: number; recovered_by_dunning: number };
    }>().recurring;
    expect(recurring.mrr).toBeGreaterThanOrEqual(4900);
    expect(recurring.arr).toBe(recurring.mrr * 12);
    expect(recurring.renewal_rate).toBeGreaterThan(0);
    expect(recurring.renewal_rate).toBeLessThanOrEqual(1);
    clock.set(new Date());

    // The next term is due a month later.
    expect((await mine(alice, licence.id))?.auto_renew.next_charge_at).toBe(
      new Date(renewed.expiresAt!.getTime() - DAY).toISOString(),
    );
  });

  it('retries a declined card after 1, 3 and 7 days with a reminder each time, then stops renewing', async () => {
    const monthly = await template(t.db, 'pro-monthly');
    const bob = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, bob, monthly.id, {
      card_number: '4000000000000341',
    });
    const expiry = (await licenceNow(t.db, licence.id)).expiresAt!;
    const staff = await signedInStaff(t.app, t.db);
    const at = (days: number) => new Date(expiry.getTime() + days * DAY + 1000);

    expect((await runAsOf(t.app, staff.headers, at(0))).json()).toMatchObject({ failed: 1 });
    let [term] = await termsOf(t.db, licence.id);
    expect(term!.renewal).toMatchObject({
      chargeStatus: 'failing',
      failures: 1,
      lastError: 'payment.declined',
    });
    expect(term!.renewal.nextAttemptAt).toEqual(new Date(at(0).getTime() + DAY));
    // Before the retry is due, nothing is tried.
    expect((await runAsOf(t.app, staff.headers, at(0.5))).json()).toMatchObject({ failed: 0 });
    expect((await runAsOf(t.app, staff.headers, at(1))).json()).toMatchObject({ failed: 1 });
    expect((await runAsOf(t.app, staff.headers, at(3))).json()).toMatchObject({ failed: 1 });
    expect((await runAsOf(t.app, staff.headers, at(7))).json()).toMatchObject({ failed: 1 });
    [term] = await termsOf(t.db, licence.id);
    expect(term!.renewal).toMatchObject({ chargeStatus: 'abandoned', failures: 4 });
    expect(await licenceNow(t.db, licence.id)).toMatchObject({
      autoRenew: false,
      expiresAt: expiry,
    });
    expect((await runAsOf(t.app, staff.headers, at(8))).json()).toMatchObject({
      charged: 0,
      failed: 0,
    });

    const reminders = (await mailsTo(t.db, bob.email)).filter((mail) =>
      mail.subject.includes(licence.licenseKey),
    );
    expect(reminders.length).toBeGreaterThanOrEqual(4);
    // Each reminder links the order in the client area, in the buyer's language.
    for (const reminder of reminders) {
      expect(reminder.htmlBody).toContain(`/client/orders/${term!.order.orderNumber}?lang=fr`);
    }
    const reasons = (await eventsOf(t.db, term!.order.id)).map((event) => event.reason);
    expect(reasons.filter((reason) => reason?.startsWith('payment reminder'))).toHaveLength(4);
    expect(reasons).toContain('automatic renewal stopped: every retry failed');
  });
});

describe('the run in the back office', () => {
  it('is for administrators, and refuses a malformed as_of', async () => {
    const support = await signedInStaff(t.app, t.db, 'support');
    expect((await runAsOf(t.app, support.headers)).statusCode).toBe(403);
    const client = await buyer(t.app);
    expect((await runAsOf(t.app, client.headers)).statusCode).toBe(403);
    const admin = await signedInStaff(t.app, t.db);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/renewals/run',
      headers: admin.headers,
      payload: { as_of: 'next month' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
