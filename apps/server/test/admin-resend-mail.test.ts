import { ResendOrderMailResponseSchema } from '@cadran/domain/staff-orders';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { invoices } from '../src/db/schema/invoices';
import { JOB_SCHEMA } from '../src/jobs/boss';
import { listMail } from '../src/mail/list';
import { buyLicences } from './licenses-helpers';
import { shopSuite } from './orders-helpers';
import { mailsAfterInstructions, placeWith } from './payments-helpers';
import { buyRenewing, DAY, invoicesOfOrder, runAsOf, termsOf } from './renewals-helpers';
import { adminPost, auditOf, BANK_ENV, signedInStaff } from './staff-helpers';

/** The attachments a mail job carries (the list of mails leaves them out). */
async function attachmentsOf(db: Parameters<typeof queryRows>[0], mailId: string) {
  const rows = await queryRows<{ data: { attachments?: { storedDocumentId?: string }[] } }>(
    db,
    sql`select data from ${sql.identifier(JOB_SCHEMA)}.job where id = ${mailId}::uuid
        union all select data from ${sql.identifier(JOB_SCHEMA)}.archive where id = ${mailId}::uuid`,
  );
  return rows[0]?.data.attachments ?? [];
}

/*
 * Staff send an order's e-mail again (docs/product.md 'Back office'): drawn anew from what is
 * stored, to the account's own address in the order's language, audited; refused with a 409
 * when the order is not in the state the e-mail is about, changing nothing.
 */
describe('staff resend an order e-mail', () => {
  const t = shopSuite({ env: BANK_ENV });
  let support: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    support = (await signedInStaff(t.app, t.db, 'support')).headers;
    admin = (await signedInStaff(t.app, t.db, 'admin')).headers;
  });

  const resend = (orderId: string, mail: string, headers = support) =>
    adminPost(t.app, `/orders/${orderId}/resend-mail`, headers, { mail });

  it('sends a paid order’s confirmation again, keys and invoice attached, and audits it', async () => {
    const { orderId, licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    const before = await listMail(t.db, { to: t.alice.email, kind: 'order_confirmation' });

    const res = await resend(orderId, 'confirmation');
    expect(res.statusCode, res.body).toBe(200);
    expect(ResendOrderMailResponseSchema.parse(res.json()).message).toBe(
      `E-mail renvoyé à ${t.alice.email}`,
    );
    const after = await listMail(t.db, { to: t.alice.email, kind: 'order_confirmation' });
    expect(after).toHaveLength(before.length + 1);
    const again = after.at(-1)!;
    expect(again.textBody).toContain(invoice!.number);
    for (const licence of licences) expect(again.textBody).toContain(licence.licenseKey);
    expect(await attachmentsOf(t.db, again.id)).toEqual([
      expect.objectContaining({ storedDocumentId: invoice!.id }),
    ]);
    const [entry] = (await auditOf(t.db, orderId)).filter((e) => e.action === 'order.resend_mail');
    expect(entry?.after).toEqual({ mail: 'confirmation', to: t.alice.email });
  });

  it('sends a renewal’s own confirmation for a renewal order', async () => {
    const { licence } = await buyRenewing(t.app, t.db, t.alice, t.agence.id);
    const run = await runAsOf(t.app, admin, new Date(licence.expiresAt!.getTime() - DAY));
    expect(run.statusCode, run.body).toBe(200);
    const [term] = await termsOf(t.db, licence.id);
    expect(term?.order.paymentStatus).toBe('paid');
    const [invoice] = await invoicesOfOrder(t.db, term!.order.id);

    expect((await resend(term!.order.id, 'confirmation')).statusCode).toBe(200);
    const [mail] = (
      await listMail(t.db, { to: t.alice.email, kind: 'renewal_confirmation' })
    ).slice(-1);
    expect(mail?.textBody).toContain(licence.licenseKey);
    expect(mail?.textBody).toContain(invoice!.number);
  });

  it('sends a waiting transfer’s bank details again, and refuses what does not apply', async () => {
    const placed = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    // The first instructions go out by a job of their own: let it write them before counting.
    const mails = () => mailsAfterInstructions(t, t.alice.email);
    const count = (await mails()).length;

    const unpaid = await resend(placed.order.id, 'confirmation');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json<{ message: string }>().message).toBe(
      'Cette commande n’est pas payée : il n’y a pas encore de confirmation à renvoyer',
    );
    expect(await mails()).toHaveLength(count);

    const res = await resend(placed.order.id, 'transfer_instructions');
    expect(res.statusCode, res.body).toBe(200);
    const [sent] = (await mails()).slice(-1);
    expect(sent?.kind).toBe('transfer_instructions');
    expect(sent?.textBody).toContain('FR76 3000 6000 0112 3456 7890 189');
    expect(sent?.textBody).toContain(placed.order.order_number);

    const { orderId: paidId } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const notWaiting = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${paidId}/resend-mail`,
      headers: { ...support, 'accept-language': 'en' },
      payload: { mail: 'transfer_instructions' },
    });
    expect(notWaiting.statusCode).toBe(409);
    expect(notWaiting.json<{ message: string }>().message).toBe(
      'This order is not awaiting a transfer: there are no bank details to send again',
    );
  });

  it('refuses unknown orders and mails, visitors and clients, writing nothing', async () => {
    const { orderId } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const count = (await listMail(t.db, { to: t.alice.email })).length;
    expect((await resend('00000000-0000-4000-8000-000000000000', 'confirmation')).statusCode).toBe(
      404,
    );
    expect((await resend('not-a-uuid', 'confirmation')).statusCode).toBe(404);
    expect((await resend(orderId, 'password_reset')).statusCode).toBe(400);
    expect((await resend(orderId, 'confirmation', {})).statusCode).toBe(401);
    expect((await resend(orderId, 'confirmation', t.alice.headers)).statusCode).toBe(403);
    expect(await listMail(t.db, { to: t.alice.email })).toHaveLength(count);
    expect((await auditOf(t.db, orderId)).filter((e) => e.action === 'order.resend_mail')).toEqual(
      [],
    );
  });
});
