import { describe, expect, it } from 'vitest';
import { MY_LICENSES, movableClock, setLicence } from './licenses-helpers';
import { buyer, getAs, orderOf, shopSuite, template, type Buyer } from './orders-helpers';
import { eventsOf, mailsTo } from './payments-helpers';
import {
  DAY,
  buyRenewing,
  invoicesOfOrder,
  licenceNow,
  payWith,
  runAsOf,
  termsOf,
} from './renewals-helpers';
import { signedInStaff } from './staff-helpers';

/**
 * The owner's side of automatic renewal (docs/product.md 'Licences' ('Automatic renewal',
 * 'Plan changes')): stopping it, confirmed by e-mail; plan changes, an upgrade now for the
 * prorated difference and invoiced, a downgrade at the next renewal; and the refusals.
 */

const clock = movableClock();
const t = shopSuite({ now: clock.now });

const call = (who: Buyer, method: 'PUT' | 'POST', url: string, payload: unknown) =>
  t.app.inject({
    method,
    url: `${MY_LICENSES}${url}`,
    headers: who.headers,
    payload: payload as Record<string, unknown>,
  });

describe('stopping automatic renewal', () => {
  it('stops it for its owner only, confirmed by e-mail once, and nothing is charged after', async () => {
    const monthly = await template(t.db, 'pro-monthly');
    const alice = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, alice, monthly.id);
    const mallory = await buyer(t.app);

    expect(
      (await call(mallory, 'PUT', `/${licence.id}/auto-renew`, { enabled: false })).statusCode,
    ).toBe(404);
    expect(
      (await call(alice, 'PUT', '/not-a-uuid/auto-renew', { enabled: false })).statusCode,
    ).toBe(404);
    expect(
      (await call(alice, 'PUT', `/${licence.id}/auto-renew`, { enabled: 'no' })).statusCode,
    ).toBe(400);
    expect((await licenceNow(t.db, licence.id)).autoRenew).toBe(true);

    const stopped = await call(alice, 'PUT', `/${licence.id}/auto-renew`, { enabled: false });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({
      license: { id: licence.id, auto_renew: { enabled: false, next_charge_at: null } },
    });
    await call(alice, 'PUT', `/${licence.id}/auto-renew`, { enabled: false });
    const confirmations = (await mailsTo(t.db, alice.email)).filter((mail) =>
      mail.subject.includes('résilié'),
    );
    expect(confirmations).toHaveLength(1);

    const staff = await signedInStaff(t.app, t.db);
    const expiry = (await licenceNow(t.db, licence.id)).expiresAt!;
    expect(
      (await runAsOf(t.app, staff.headers, new Date(expiry.getTime() + 1000))).json(),
    ).toMatchObject({ charged: 0 });
    expect(await termsOf(t.db, licence.id)).toHaveLength(0);
    const renewals = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/renewals',
      headers: staff.headers,
    });
    expect(
      renewals.json<{ stopped: Array<{ license_id: string }> }>().stopped.map((r) => r.license_id),
    ).toContain(licence.id);

    // Turned back on: the saved card is still there.
    const again = await call(alice, 'PUT', `/${licence.id}/auto-renew`, { enabled: true });
    expect(again.json()).toMatchObject({ license: { auto_renew: { enabled: true } } });
  });

  it('cannot be turned on without a saved method', async () => {
    const monthly = await template(t.db, 'pro-monthly');
    const bob = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, bob, monthly.id);
    await setLicence(t.db, licence.id, { autoRenew: false, savedMethodId: null });
    const res = await call(bob, 'PUT', `/${licence.id}/auto-renew`, { enabled: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { enabled: [expect.any(String)] } });
  });
});

describe('changing plans', () => {
  it('refuses another account, an unknown template and the same plan, changing nothing', async () => {
    const monthly = await template(t.db, 'pro-monthly');
    const alice = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, alice, monthly.id);
    const mallory = await buyer(t.app);
    const agence = await template(t.db, 'agence-monthly');
    expect(
      (await call(mallory, 'POST', `/${licence.id}/change-plan/quote`, { template_id: agence.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(mallory, 'POST', `/${licence.id}/change-plan`, {
          template_id: agence.id,
          payment_method: 'stripe',
        })
      ).statusCode,
    ).toBe(404);
    const unknown = await call(alice, 'POST', `/${licence.id}/change-plan/quote`, {
      template_id: 999_999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { template_id: [expect.any(String)] } });
    const unknownPlaced = await t.app.inject({
      method: 'POST',
      url: `${MY_LICENSES}/${licence.id}/change-plan`,
      headers: { ...alice.headers, 'accept-language': 'en' },
      payload: { template_id: 999_999, payment_method: 'stripe' },
    });
    expect(unknownPlaced.statusCode).toBe(422);
    expect(unknownPlaced.json<{ message: string }>().message).toBe(
      'This plan does not exist or is no longer offered',
    );
    const mallorysOwn = await call(mallory, 'PUT', `/${licence.id}/auto-renew`, { enabled: false });
    expect(mallorysOwn.statusCode).toBe(404);
    const same = await call(alice, 'POST', `/${licence.id}/change-plan`, {
      template_id: monthly.id,
      payment_method: 'stripe',
    });
    expect(same.statusCode).toBe(422);
    expect(same.json<{ message: string }>().message).toBe(
      'La licence a déjà cette offre et ce cycle',
    );
    const english = await t.app.inject({
      method: 'POST',
      url: `${MY_LICENSES}/${licence.id}/change-plan/quote`,
      headers: { ...alice.headers, 'accept-language': 'en' },
      payload: { template_id: monthly.id },
    });
    expect(english.json<{ message: string }>().message).toBe(
      'The licence already has this plan and cycle',
    );
    expect(
      (await call(alice, 'POST', `/${licence.id}/change-plan`, { template_id: 'x' })).statusCode,
    ).toBe(400);
    expect(await licenceNow(t.db, licence.id)).toMatchObject({
      templateId: monthly.id,
      pendingTemplateId: null,
      autoRenew: true,
    });
    // No refusal placed an order: the account still has only the one it bought with.
    const orders = await getAs(t.app, alice, '/api/v1/website/orders');
    expect(orders.json<{ orders: unknown[] }>().orders).toHaveLength(1);
  });

  it('upgrades at once for the prorated difference, invoiced, keeping the key', async () => {
    const monthly = await template(t.db, 'pro-monthly');
    const agence = await template(t.db, 'agence-monthly');
    const alice = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, alice, monthly.id);
    const quote = await call(alice, 'POST', `/${licence.id}/change-plan/quote`, {
      template_id: agence.id,
    });
    expect(quote.statusCode).toBe(200);
    const quoted = quote.json<{ quote: { effective: string; subtotal: string; total: string } }>()
      .quote;
    expect(quoted.effective).toBe('now');
    // Almost the whole month remains: close to the difference of the two monthly prices.
    const difference = (agence.renewalPriceCents - monthly.renewalPriceCents) / 100;
    expect(Number(quoted.subtotal)).toBeGreaterThan(difference * 0.95);
    expect(Number(quoted.subtotal)).toBeLessThanOrEqual(difference);

    const placed = await call(alice, 'POST', `/${licence.id}/change-plan`, {
      template_id: agence.id,
      payment_method: 'stripe',
    });
    expect(placed.statusCode).toBe(201);
    const { order, payment_url } = orderOf(placed);
    expect(order.total).toBe(quoted.total);
    expect((await payWith(t.app, alice, payment_url)).statusCode).toBe(200);
    const after = await licenceNow(t.db, licence.id);
    expect(after).toMatchObject({
      licenseKey: licence.licenseKey,
      templateId: agence.id,
      expiresAt: licence.expiresAt,
      domainLimit: agence.domainLimit,
    });
    expect(await invoicesOfOrder(t.db, order.id)).toHaveLength(1);
    const reasons = (await eventsOf(t.db, order.id)).map((event) => event.reason);
    expect(reasons[0]).toBe(`plan change from ${monthly.id} to ${agence.id}`);
    // The payment says what it did: the plan changed, not a renewal of the licence.
    expect(reasons.at(-1)).toBe(`plan changed to ${agence.name} (licence ${licence.licenseKey})`);
    expect(reasons.some((reason) => reason?.includes('renewed until'))).toBe(false);
  });

  it('downgrades at the next renewal, which is charged at the new plan', async () => {
    const agence = await template(t.db, 'agence-monthly');
    const starter = await template(t.db, 'starter-monthly');
    const alice = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, alice, agence.id);
    const quote = await call(alice, 'POST', `/${licence.id}/change-plan/quote`, {
      template_id: starter.id,
    });
    expect(quote.json()).toMatchObject({ quote: { effective: 'next_renewal' } });
    const placed = await call(alice, 'POST', `/${licence.id}/change-plan`, {
      template_id: starter.id,
      payment_method: 'stripe',
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({
      license: {
        pending_plan_change: {
          template_id: starter.id,
          billing_cycle: 'monthly',
          effective_at: licence.expiresAt!.toISOString(),
        },
      },
    });
    const staff = await signedInStaff(t.app, t.db);
    const run = await runAsOf(
      t.app,
      staff.headers,
      new Date(licence.expiresAt!.getTime() - DAY / 2),
    );
    // Other licences of the suite fall due too; this one is among them.
    expect(run.json<{ charged: number }>().charged).toBeGreaterThanOrEqual(1);
    const after = await licenceNow(t.db, licence.id);
    expect(after).toMatchObject({
      templateId: starter.id,
      pendingTemplateId: null,
      licenseKey: licence.licenseKey,
    });
    const [term] = await termsOf(t.db, licence.id);
    expect(term!.order.subtotalCents).toBe(starter.renewalPriceCents);
    const listed = await getAs(t.app, alice, MY_LICENSES);
    expect(
      listed
        .json<{ licenses: Array<{ id: string; pending_plan_change: unknown }> }>()
        .licenses.find((l) => l.id === licence.id)?.pending_plan_change,
    ).toBeNull();
  });
});
