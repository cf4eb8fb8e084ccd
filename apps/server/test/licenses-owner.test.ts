import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenseTemplates } from '../src/db/schema/catalog';
import { licenseRenewals } from '../src/db/schema/licenses';
import { invoicesOf } from './invoices-helpers';
import {
  activation,
  buyLicences,
  callApi,
  DAY_MS,
  licenceRow,
  movableClock,
  MY_LICENSES,
  setLicence,
} from './licenses-helpers';
import type { LicenceAnswer } from './licenses-helpers';
import { buyer, getAs, shopSuite, type Buyer } from './orders-helpers';
import { decide, licensesOf, mailsTo, orderRow, sandboxIdOf } from './payments-helpers';

/**
 * The owner's side (docs/product.md 'Licences'): the list with installations, freeing one,
 * and renewal as a paid order with its invoice that keeps the key. Another client's licence
 * is a 404 like an unknown one.
 */

const clock = movableClock();
const t = shopSuite({ now: clock.now });

const renew = (who: Buyer, licenseId: string, payment_method = 'stripe') =>
  t.app.inject({
    method: 'POST',
    url: `${MY_LICENSES}/${licenseId}/renew`,
    headers: who.headers,
    payload: { payment_method },
  });

const deactivateOwned = (who: Buyer, licenseId: string, instanceId: string) =>
  t.app.inject({
    method: 'POST',
    url: `${MY_LICENSES}/${licenseId}/instances/${instanceId}/deactivate`,
    headers: who.headers,
    payload: {},
  });

describe('my licences', () => {
  it('lists each licence with its own domains and active installations', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id, { quantity: 2 });
    const [first, second] = licences;
    const activated = await callApi(t.app, 'activate', activation(first!.licenseKey));
    const res = await getAs(t.app, t.alice, MY_LICENSES);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const listed = res.json<LicenceAnswer>().licenses as Array<Record<string, unknown>>;
    const byKey = new Map(listed.map((l) => [l.key, l]));
    expect(byKey.get(first!.licenseKey)).toMatchObject({
      id: first!.id,
      domains: ['atelier-martin.fr'],
      active_instances: 1,
      renewable: true,
      instances: [
        { id: activated.json<LicenceAnswer>().instance!.id, domain: 'atelier-martin.fr' },
      ],
    });
    // The second licence of the line has no domain until one is activated.
    expect(byKey.get(second!.licenseKey)).toMatchObject({ domains: [], instances: [] });
    const secondDomain = await callApi(
      t.app,
      'activate',
      activation(second!.licenseKey, { domain: 'boutique-martin.fr' }),
    );
    expect(secondDomain.json<LicenceAnswer>().license.domains).toEqual(['boutique-martin.fr']);
  });

  it('frees an installation for its owner only; anyone else gets 404', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const instanceId = (
      await callApi(t.app, 'activate', activation(licence.licenseKey))
    ).json<LicenceAnswer>().instance!.id;
    const mallory = await buyer(t.app);

    const foreign = await deactivateOwned(mallory, licence.id, instanceId);
    expect(foreign.statusCode).toBe(404);
    expect((await getAs(t.app, mallory, MY_LICENSES)).json<LicenceAnswer>().licenses).toEqual([]);
    expect((await renew(mallory, licence.id)).statusCode).toBe(404);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expect((await deactivateOwned(t.alice, id, instanceId)).statusCode).toBe(404);
      expect((await deactivateOwned(t.alice, licence.id, id)).statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: MY_LICENSES });
    expect(anonymous.statusCode).toBe(401);

    const mine = await deactivateOwned(t.alice, licence.id, instanceId);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<LicenceAnswer>().license).toMatchObject({
      active_instances: 0,
      instances: [],
    });
  });

  it('shows when each installation last checked in: its activation, then validates, kept to the quarter hour', async () => {
    const start = new Date();
    clock.set(start);
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const key = licences[0]!.licenseKey;
    const instanceId = (await callApi(t.app, 'activate', activation(key))).json<LicenceAnswer>()
      .instance!.id;
    const lastCheckIn = async () => {
      const listed = (await getAs(t.app, t.alice, MY_LICENSES)).json<{
        licenses: Array<{ key: string; instances: Array<{ last_check_in_at: string | null }> }>;
      }>().licenses;
      return listed.find((licence) => licence.key === key)?.instances[0]?.last_check_in_at;
    };
    const validateAt = async (minutes: number, payload: Record<string, unknown>) => {
      clock.set(new Date(start.getTime() + minutes * 60_000));
      const res = await callApi(t.app, 'validate', { license_key: key, ...payload });
      expect(res.statusCode).toBe(200);
    };
    expect(await lastCheckIn()).toBe(start.toISOString());
    // Within the quarter hour, a check writes nothing.
    await validateAt(10, { instance_id: instanceId });
    expect(await lastCheckIn()).toBe(start.toISOString());
    await validateAt(20, { instance_id: instanceId });
    const twenty = new Date(start.getTime() + 20 * 60_000).toISOString();
    expect(await lastCheckIn()).toBe(twenty);
    // A validate that names no installation is no installation's check-in.
    await validateAt(90, {});
    expect(await lastCheckIn()).toBe(twenty);
  });
});

describe('renewing a licence', () => {
  it('is an order at the renewal price, paid like any, that extends the same key from its old expiry with a new invoice', async () => {
    clock.set(new Date());
    const { orderId, licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const oldExpiry = licence.expiresAt!;
    await t.db
      .update(licenseTemplates)
      .set({ renewalPriceCents: 39_000 })
      .where(eq(licenseTemplates.id, t.pro.id));

    const res = await renew(t.alice, licence.id);
    expect(res.statusCode).toBe(201);
    const body = res.json<LicenceAnswer>();
    expect(body).toMatchObject({
      success: true,
      order: { status: 'pending', payment_status: 'unpaid', subtotal: '390.00', total: '468.00' },
    });
    expect(body.order.items[0]?.template.name).toContain(licence.licenseKey);
    // A second click answers the same order and payment.
    const again = await renew(t.alice, licence.id);
    expect(again.json<LicenceAnswer>().order.id).toBe(body.order.id);
    expect(again.json<LicenceAnswer>().payment_url).toBe(body.payment_url);

    const paid = await decide(t.app, t.alice, sandboxIdOf(body.payment_url), 'pay');
    expect(paid.statusCode).toBe(200);
    expect(await orderRow(t.db, body.order.id)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
    });

    const after = await licenceRow(t.db, licence.id);
    expect(after?.licenseKey).toBe(licence.licenseKey);
    const expected = new Date(oldExpiry);
    expected.setUTCFullYear(oldExpiry.getUTCFullYear() + 1);
    expect(after?.expiresAt?.toISOString()).toBe(expected.toISOString());
    expect(await licensesOf(t.db, body.order.id)).toEqual([]);
    const [renewal] = await t.db
      .select()
      .from(licenseRenewals)
      .where(eq(licenseRenewals.orderId, body.order.id));
    expect(renewal).toMatchObject({ periodStartsAt: oldExpiry, periodEndsAt: expected });
    // The success page's status names the renewed licence rather than "0 licences issued".
    const status = await getAs(
      t.app,
      t.alice,
      `/api/v1/website/orders/${body.order.id}/payment-status`,
    );
    expect(status.json()).toMatchObject({
      license_count: 0,
      renewed_license: { license_key: licence.licenseKey, expires_at: expected.toISOString() },
    });

    const [invoice] = await invoicesOf(t.db, body.order.id);
    const [firstInvoice] = await invoicesOf(t.db, orderId);
    expect(invoice?.number).toMatch(/^FA-\d{4}-\d{5}$/);
    expect(invoice?.number).not.toBe(firstInvoice?.number);
    expect(invoice?.document).toMatchObject({
      grossCents: 46_800,
      lines: [{ periodStart: oldExpiry.toISOString(), periodEnd: expected.toISOString() }],
    });
    const mails = await mailsTo(t.db, t.alice.email);
    expect(mails.some((mail) => mail.subject.includes(body.order.order_number))).toBe(true);

    const listed = (await getAs(t.app, t.alice, MY_LICENSES)).json<LicenceAnswer>().licenses;
    expect(listed.find((l) => l.id === licence.id)?.expires_at).toBe(expected.toISOString());
    await t.db
      .update(licenseTemplates)
      .set({ renewalPriceCents: t.pro.priceCents })
      .where(eq(licenseTemplates.id, t.pro.id));
  });

  it('charges the extras bought with the licence, as the checkout showed, and no setup fee', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id, {
      customizations: {
        primary_domain: 'atelier-martin.fr',
        additional_domains_list: [],
        extra_domains: 1,
        extra_installations: 2,
      },
    });
    const licence = licences[0]!;
    const res = await renew(t.alice, licence.id);
    expect(res.statusCode).toBe(201);
    const order = res.json<LicenceAnswer>().order;
    const renewalCents = t.pro.renewalPriceCents + 1 * 1000 + 2 * 500;
    expect(order.subtotal).toBe((renewalCents / 100).toFixed(2));
    // The line states the extras as the first order did, over the limits as sold.
    expect(order.items[0]).toMatchObject({
      customizations: { extra_domains: 1, extra_installations: 2 },
    });
  });

  it('starts the new term at the payment once the licence has expired', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const expiredAt = new Date(Date.now() - 3 * DAY_MS);
    await setLicence(t.db, licence.id, { expiresAt: expiredAt });
    const before = Date.now();
    const res = await renew(t.alice, licence.id);
    await decide(t.app, t.alice, sandboxIdOf(res.json<LicenceAnswer>().payment_url), 'pay');
    const after = await licenceRow(t.db, licence.id);
    const start = after!.expiresAt!.getTime();
    // One year after a payment made during this test, not after the old expiry.
    expect(start - 366 * DAY_MS).toBeLessThanOrEqual(Date.now());
    expect(start - 365 * DAY_MS).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a licence that never expires (422) and a method the shop cannot take', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const bad = await renew(t.alice, licence.id, 'cheque');
    expect(bad.statusCode).toBe(400);
    await setLicence(t.db, licence.id, { expiresAt: null });
    const perpetual = await renew(t.alice, licence.id);
    expect(perpetual.statusCode).toBe(422);
    expect(perpetual.json<LicenceAnswer>().message).toBe('Cette licence ne se renouvelle pas');
  });
});
