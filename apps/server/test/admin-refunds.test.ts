import { AdminOrderActionResponseSchema } from '@cadran/domain/staff-orders';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/db/schema/invoices';
import { refunds } from '../src/db/schema/payments';
import { invoicesOf } from './invoices-helpers';
import { answerOf, buyLicences, callApi, licenceRow, MY_LICENSES } from './licenses-helpers';
import { shopSuite } from './orders-helpers';
import {
  decide,
  licensesOf,
  mailsTo,
  orderRow,
  paymentOf,
  placeWith,
  sandboxIdOf,
} from './payments-helpers';
import { ADMIN, adminPost, auditOf, BANK_ENV, outboxMails, signedInStaff } from './staff-helpers';

/*
 * Staff refunds (docs/product.md 'Back office', docs/payments.md 'Refunds') with the offline
 * sandbox and bank transfers: the order ends refunded, its credit note exists and goes to the
 * buyer, its licences stop validating, the audit trail keeps before and after; anything refused
 * changes nothing. Stripe and PayPal: admin-refunds-providers.test.ts.
 */
describe('staff refunds (sandbox, bank transfer)', () => {
  const t = shopSuite({ env: BANK_ENV });
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  let support: Awaited<ReturnType<typeof signedInStaff>>;

  beforeAll(async () => {
    admin = await signedInStaff(t.app, t.db, 'admin');
    support = await signedInStaff(t.app, t.db, 'support');
  });

  const refund = (
    orderId: string,
    headers: Record<string, string> = admin.headers,
    payload: unknown = { reason: 'Client insatisfait' },
  ) => adminPost(t.app, `/orders/${orderId}/refund`, headers, payload);

  it('refunds a paid card order: refunded, credit note mailed, licences revoked, audited', async () => {
    const { orderId, licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const key = licences[0]!.licenseKey;
    const valid = await callApi(t.app, 'validate', {
      license_key: key,
      domain: 'atelier-martin.fr',
    });
    expect(answerOf(valid).valid).toBe(true);

    const res = await refund(orderId);
    expect(res.statusCode, res.body).toBe(200);
    const { order, message } = AdminOrderActionResponseSchema.parse(res.json());
    expect(message).toContain('Commande remboursée');
    expect(order).toMatchObject({ status: 'completed', payment_status: 'refunded' });
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({ provider: 'sandbox', amount: order.total });
    expect(order.credit_notes).toHaveLength(1);
    expect(order.licences.every((licence) => licence.status === 'revoked')).toBe(true);
    expect((await paymentOf(t.db, orderId))?.status).toBe('refunded');

    // The activation API answers at once: the licence is revoked, not served from a cache.
    const after = await callApi(t.app, 'validate', {
      license_key: key,
      domain: 'atelier-martin.fr',
    });
    expect(answerOf(after)).toMatchObject({ valid: false, status: 'revoked' });

    // The credit note exists, is drawn as a PDF, and goes to the buyer with the e-mail.
    const creditNote = (await invoicesOf(t.db, orderId)).find((row) => row.kind === 'credit_note');
    expect(creditNote?.number).toBe(order.credit_notes[0]?.number);
    const mails = await mailsTo(t.db, t.alice.email);
    expect(mails.map((mail) => mail.kind)).toContain('order_refund');
    await t.app.mailer.drain();
    const [stored] = await t.db.select().from(invoices).where(eq(invoices.id, creditNote!.id));
    expect(stored?.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    const [refundMail] = await outboxMails(t.outboxDir, `filename=${creditNote!.number}.pdf`);
    expect(refundMail).toContain('Content-Type: application/pdf');
    expect(refundMail).not.toContain(`filename=${order.invoice!.number}.pdf`);

    const entries = await auditOf(t.db, orderId);
    const entry = entries.find((row) => row.action === 'order.refund');
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      before: { payment_status: 'paid', licences: [{ key, state: 'active' }] },
      after: {
        payment_status: 'refunded',
        licences: [{ key, state: 'revoked' }],
        credit_note: creditNote!.number,
        refund: { provider: 'sandbox', reason: 'Client insatisfait' },
      },
    });
  });

  it('takes back the term a refunded renewal added; the licence stays active and its owner’s', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const renewed = await t.app.inject({
      method: 'POST',
      url: `${MY_LICENSES}/${licence.id}/renew`,
      headers: t.alice.headers,
      payload: { payment_method: 'stripe' },
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const placed = renewed.json<{ order: { id: string }; payment_url: string }>();
    expect((await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay')).statusCode).toBe(
      200,
    );
    const extended = (await licenceRow(t.db, licence.id))!.expiresAt!;
    expect(extended.getTime()).toBeGreaterThan(licence.expiresAt!.getTime());

    const res = await refund(placed.order.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = await licenceRow(t.db, licence.id);
    expect(after).toMatchObject({ expiresAt: licence.expiresAt, state: 'active' });
    // The licence the first order bought still validates: only the renewal was given back.
    const valid = await callApi(t.app, 'validate', {
      license_key: licence.licenseKey,
      domain: 'atelier-martin.fr',
    });
    expect(answerOf(valid).valid).toBe(true);

    const mail = (await mailsTo(t.db, t.alice.email)).findLast((m) => m.kind === 'order_refund');
    expect(mail?.textBody).toContain(
      `Le renouvellement de votre licence ${licence.licenseKey} est annulé`,
    );
    const entry = (await auditOf(t.db, placed.order.id)).find((e) => e.action === 'order.refund');
    expect(entry?.after).toMatchObject({
      renewal_withdrawn: {
        license_key: licence.licenseKey,
        expired_at: extended.toISOString(),
        expires_at: licence.expiresAt!.toISOString(),
      },
    });
  });

  it('answers 409 to a second refund, and to an unpaid order, changing nothing', async () => {
    const { orderId } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    expect((await refund(orderId)).statusCode).toBe(200);
    const again = await refund(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      message: 'Cette commande est déjà remboursée',
    });
    expect(await t.db.$count(refunds, eq(refunds.orderId, orderId))).toBe(1);
    expect(
      (await invoicesOf(t.db, orderId)).filter((row) => row.kind === 'credit_note'),
    ).toHaveLength(1);

    const unpaid = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    const refused = await refund(unpaid.order.id);
    expect(refused.statusCode).toBe(409);
    expect((await orderRow(t.db, unpaid.order.id))?.paymentStatus).toBe('unpaid');
    expect((await auditOf(t.db, unpaid.order.id)).length).toBe(0);
  });

  it('refuses a partial amount, a missing reason and unknown ids, in the reader’s language', async () => {
    const { orderId } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const partial = await refund(orderId, admin.headers, {
      reason: 'Geste commercial',
      amount: 100,
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json<{ errors: Record<string, string[]> }>().errors.amount?.[0]).toContain(
      'remboursement intégral',
    );
    const noReason = await refund(orderId, { ...admin.headers, 'accept-language': 'en' }, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([
      'Give the reason for the refund',
    ]);
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await refund('not-an-order')).statusCode).toBe(404);
    expect((await orderRow(t.db, orderId))?.paymentStatus).toBe('paid');
    const order = await orderRow(t.db, orderId);
    const full = await refund(orderId, admin.headers, {
      reason: 'Erreur',
      amount: order!.totalCents,
    });
    expect(full.statusCode).toBe(200);
  });

  it('records a transfer given back by hand, with its credit note', async () => {
    const today = shopDate(new Date().toISOString());
    const placed = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    const paid = await adminPost(t.app, `/orders/${placed.order.id}/mark-paid`, admin.headers, {
      reference: 'VIR-2026-118',
      paid_at: today,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [invoice] = await invoicesOf(t.db, placed.order.id);
    expect(shopDate(invoice!.document.paidAt)).toBe(today);
    const res = await refund(placed.order.id, admin.headers, {
      reason: 'Virement renvoyé le 12/01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order, message } = AdminOrderActionResponseSchema.parse(res.json());
    expect(message).toContain('renvoyez le virement');
    expect(order.refunds[0]).toMatchObject({ provider: 'bank_transfer', reference: null });
    expect(order.credit_notes).toHaveLength(1);
    expect((await licensesOf(t.db, placed.order.id)).every((l) => l.state === 'revoked')).toBe(
      true,
    );
  });

  it('keeps refunds and cancellations to administrators, and refuses cross-site requests', async () => {
    const { orderId } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const unpaid = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    const asSupport = await refund(orderId, support.headers);
    expect(asSupport.statusCode).toBe(403);
    expect(
      (await adminPost(t.app, `/orders/${unpaid.order.id}/cancel`, support.headers)).statusCode,
    ).toBe(403);
    expect((await refund(orderId, t.alice.headers)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${ADMIN}/orders/${orderId}/refund`,
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const forged = await refund(orderId, { ...admin.cookie, origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: 'Requête refusée : origine non autorisée' });
    // The same request from the site's own page is accepted.
    expect((await refund(orderId, admin.cookie)).statusCode).toBe(200);
    expect((await orderRow(t.db, unpaid.order.id))?.status).toBe('pending');
  });

  it('cancels a pending unpaid order as staff, audited, and refuses a paid one', async () => {
    const placed = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    const res = await adminPost(t.app, `/orders/${placed.order.id}/cancel`, admin.headers, {
      reason: 'Doublon',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order } = AdminOrderActionResponseSchema.parse(res.json());
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect(order.payments[0]?.status).toBe('cancelled');
    const [entry] = await auditOf(t.db, placed.order.id);
    expect(entry).toMatchObject({
      action: 'order.cancel',
      before: { status: 'pending' },
      after: { status: 'cancelled', reason: 'Doublon' },
    });
    expect(
      (await adminPost(t.app, `/orders/${placed.order.id}/cancel`, admin.headers)).statusCode,
    ).toBe(409);
    const { orderId } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    expect((await adminPost(t.app, `/orders/${orderId}/cancel`, admin.headers)).statusCode).toBe(
      409,
    );
    expect((await orderRow(t.db, orderId))?.status).toBe('completed');
  });
});

/** The Paris day of an ISO instant or day. */
function shopDate(value: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(value));
}
