import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoicesOf } from './invoices-helpers';
import { buyLicences, licenceRow, MY_LICENSES, setLicence } from './licenses-helpers';
import type { LicenceAnswer } from './licenses-helpers';
import { shopSuite } from './orders-helpers';
import { decide, eventsOf, orderRow, paymentOf, sandboxIdOf } from './payments-helpers';
import { adminPost, signedInStaff } from './staff-helpers';
import { licenseRenewals } from '../src/db/schema/licenses';

/*
 * A revoked licence is never renewed (docs/product.md 'Licences' ('Renewal')): a renewal placed
 * while the licence was active and paid after a refund revoked it must not complete, issue an
 * invoice or move the expiry. Revoking cancels the open renewal; money that still arrives is
 * handled like money for any cancelled order.
 */
describe('the renewal of a revoked licence', () => {
  const t = shopSuite();
  let admin: Awaited<ReturnType<typeof signedInStaff>>;

  beforeAll(async () => {
    admin = await signedInStaff(t.app, t.db, 'admin');
  });

  const renew = async (licenseId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${MY_LICENSES}/${licenseId}/renew`,
      headers: t.alice.headers,
      payload: { payment_method: 'stripe' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<LicenceAnswer>() as { order: { id: string }; payment_url: string };
  };

  const expectNothingRenewed = async (orderId: string, licenseId: string, expiry: Date) => {
    const order = await orderRow(t.db, orderId);
    expect(order?.status).toBe('cancelled');
    expect(await invoicesOf(t.db, orderId)).toHaveLength(0);
    const licence = await licenceRow(t.db, licenseId);
    expect(licence).toMatchObject({ state: 'revoked', expiresAt: expiry });
    const [renewal] = await t.db
      .select()
      .from(licenseRenewals)
      .where(eq(licenseRenewals.orderId, orderId));
    expect(renewal?.appliedAt).toBeNull();
  };

  it('is cancelled when a refund revokes the licence, and can no longer be paid', async () => {
    const { orderId, licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const renewal = await renew(licence.id);

    const refund = await adminPost(t.app, `/orders/${orderId}/refund`, admin.headers, {
      reason: 'Client remboursé',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await orderRow(t.db, renewal.order.id)).toMatchObject({ status: 'cancelled' });
    expect((await eventsOf(t.db, renewal.order.id)).map((event) => event.reason)).toContain(
      `cancelled: licence ${licence.licenseKey} revoked`,
    );
    expect((await paymentOf(t.db, renewal.order.id))?.status).toBe('cancelled');

    // The buyer still holds the payment page: paying it changes nothing.
    const paid = await decide(t.app, t.alice, sandboxIdOf(renewal.payment_url), 'pay');
    expect(paid.statusCode).toBe(200);
    expect(paid.json<{ redirect_url: string }>().redirect_url).toContain('error=order_cancelled');
    await expectNothingRenewed(renewal.order.id, licence.id, licence.expiresAt!);
    expect((await orderRow(t.db, renewal.order.id))?.paymentStatus).not.toBe('paid');
  });

  it('gives back money that arrives for it anyway, without an invoice or a new expiry', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const renewal = await renew(licence.id);
    // Revoked by a path that left the renewal open (or a payment racing the cancellation).
    await setLicence(t.db, licence.id, { state: 'revoked' });

    const paid = await decide(t.app, t.alice, sandboxIdOf(renewal.payment_url), 'pay');
    expect(paid.statusCode).toBe(200);
    await expectNothingRenewed(renewal.order.id, licence.id, licence.expiresAt!);
    const order = await orderRow(t.db, renewal.order.id);
    // Handled like money for a cancelled order: the sandbox gives it back at once.
    expect(order?.paymentStatus).toBe('refunded');
    expect((await eventsOf(t.db, renewal.order.id)).map((event) => event.reason)).toEqual(
      expect.arrayContaining([
        `cancelled: licence ${licence.licenseKey} revoked`,
        expect.stringMatching(/^refunded: paid after cancellation/),
      ]),
    );
  });
});
