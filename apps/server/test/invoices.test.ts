import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { invoiceYear } from '@cadran/domain/invoice-numbers';
import { describe, expect, it } from 'vitest';
import { issueCreditNote } from '../src/modules/invoices/credit-note';
import { orders } from '../src/db/schema/orders';
import { eq } from 'drizzle-orm';
import { invoicesOf, pdfText } from './invoices-helpers';
import { buyer, getAs, ORDERS, orderOf, shopSuite } from './orders-helpers';
import { decide, placeWith, sandboxIdOf } from './payments-helpers';

const year = () => invoiceYear(new Date());
const invoiceUrl = (orderId: string) => `${ORDERS}/${orderId}/invoice`;

describe('invoices of paid orders', () => {
  const t = shopSuite();

  async function paidOrder() {
    const placed = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    const paid = await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    expect(paid.statusCode).toBe(200);
    return placed.order;
  }

  it('issues the invoice with the payment, links it from the order and serves the same bytes', async () => {
    const order = await paidOrder();
    const [stored, ...others] = await invoicesOf(t.db, order.id);
    expect(others).toEqual([]);
    expect(stored?.kind).toBe('invoice');
    expect(stored?.number).toMatch(new RegExp(`^FA-${year()}-\\d{5}$`));
    expect(stored?.document.orderNumber).toBe(order.order_number);
    expect(stored?.document.grossCents).toBe(Math.round(Number(order.total) * 100));
    expect(stored?.document.seller).toEqual(t.config.seller);

    const answer = orderOf(await getAs(t.app, t.alice, `${ORDERS}/${order.id}`));
    expect(answer.order.invoice).toEqual({
      number: stored?.number,
      issued_at: stored?.issuedAt.toISOString(),
      url: invoiceUrl(order.id),
    });

    const first = await getAs(t.app, t.alice, invoiceUrl(order.id));
    const second = await getAs(t.app, t.alice, invoiceUrl(order.id));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="${stored?.number}.pdf"`,
    );
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    // Drawn once after the payment by its first reader (this download or the e-mail), and kept.
    const [kept] = await invoicesOf(t.db, order.id);
    expect(first.rawPayload.equals(kept!.pdf!)).toBe(true);
    const text = pdfText(first.rawPayload);
    expect(text).toContain(stored!.number);
    expect(text).toContain(order.order_number);
    expect(text).toContain('Cadran SAS');
  });

  it('attaches the invoice PDF to the confirmation e-mail in the outbox', async () => {
    const order = await paidOrder();
    await t.app.mailer.drain();
    const [stored] = await invoicesOf(t.db, order.id);
    expect(stored?.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    const files = await readdir(t.outboxDir);
    const emls = await Promise.all(
      files.map((name) => readFile(path.join(t.outboxDir, name), 'utf8')),
    );
    const mail = emls.find((eml) => eml.includes(`filename=${stored!.number}.pdf`));
    expect(mail).toBeDefined();
    expect(mail).toContain('Content-Type: application/pdf');
    // The text was drawn before the number was taken: the number stands in it, no stand-in left.
    expect(mail!.split(stored!.number).length).toBeGreaterThan(2);
    expect(mail).not.toMatch(/FA-[0-9a-f]{10}(?![0-9a-f])/);
    const encoded = /filename=[^\n]+\n\n([A-Za-z0-9+/=\n]+)/.exec(mail!)?.[1] ?? '';
    expect(Buffer.from(encoded.replace(/\n/g, ''), 'base64').equals(stored!.pdf!)).toBe(true);
    // A download later answers the very bytes the e-mail carried.
    expect(
      (await getAs(t.app, t.alice, invoiceUrl(order.id))).rawPayload.equals(stored!.pdf!),
    ).toBe(true);
  });

  it('answers 404 to another account, with nothing of the invoice, and 401 without a session', async () => {
    const order = await paidOrder();
    const mallory = await buyer(t.app);
    const foreign = await getAs(t.app, mallory, invoiceUrl(order.id));
    const unknown = await getAs(t.app, mallory, invoiceUrl('00000000-0000-4000-8000-000000000000'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/json/);
    expect(foreign.body).toBe(unknown.body);
    expect((await getAs(t.app, null, invoiceUrl(order.id))).statusCode).toBe(401);
    expect((await getAs(t.app, mallory, invoiceUrl('not-an-id'))).statusCode).toBe(404);
  });

  it('has no invoice while the order is unpaid', async () => {
    const placed = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    expect((await getAs(t.app, t.alice, invoiceUrl(placed.order.id))).statusCode).toBe(404);
    const answer = orderOf(await getAs(t.app, t.alice, `${ORDERS}/${placed.order.id}`));
    expect(answer.order.invoice).toBeNull();
    expect(await invoicesOf(t.db, placed.order.id)).toEqual([]);
  });

  it('documents the PDF downloads in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    type Operation = { produces?: string[]; responses: Record<string, unknown> };
    const { paths } = res.json<{ paths: Record<string, { get?: Operation }> }>();
    for (const path of [
      '/api/v1/website/orders/{id}/invoice',
      '/api/v1/website/orders/{id}/credit-notes/{number}',
    ]) {
      expect(paths[path]?.get?.responses).toHaveProperty('200');
      expect(paths[path]?.get?.responses).toHaveProperty('404');
    }
  });

  it('cancels a refunded order’s invoice with one credit note, served to the owner only', async () => {
    const order = await paidOrder();
    const [invoice] = await invoicesOf(t.db, order.id);
    const context = { seller: t.config.seller, issuedAt: new Date() };
    // Still paid: nothing to credit.
    expect((await t.db.transaction((tx) => issueCreditNote(tx, order.id, context))).kind).toBe(
      'not_refunded_or_cancelled',
    );
    // No route refunds a paid order yet: the refund is recorded as a provider's would be.
    await t.db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, order.id));

    const issued = await t.db.transaction((tx) => issueCreditNote(tx, order.id, context));
    if (issued.kind !== 'issued') throw new Error(`expected a credit note, got ${issued.kind}`);
    expect(issued.creditNote.number).toMatch(new RegExp(`^AV-${year()}-\\d{5}$`));
    expect(issued.creditNote.creditedInvoiceId).toBe(invoice!.id);
    expect(issued.creditNote.document.creditedInvoice?.number).toBe(invoice!.number);
    const again = await t.db.transaction((tx) => issueCreditNote(tx, order.id, context));
    // The same row: its PDF may have been drawn in the background meanwhile.
    expect(again).toMatchObject({
      kind: 'already_issued',
      creditNote: { id: issued.creditNote.id, number: issued.creditNote.number },
    });
    expect(await invoicesOf(t.db, order.id)).toHaveLength(2);

    const url = `${ORDERS}/${order.id}/credit-notes/${issued.creditNote.number}`;
    const pdf = await getAs(t.app, t.alice, url);
    expect(pdf.statusCode).toBe(200);
    const kept = (await invoicesOf(t.db, order.id)).find((row) => row.kind === 'credit_note');
    expect(pdf.rawPayload.equals(kept!.pdf!)).toBe(true);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Avoir');
    expect(text).toContain(invoice!.number);
    expect((await getAs(t.app, await buyer(t.app), url)).statusCode).toBe(404);
    // The invoice's number is not a credit note.
    expect(
      (await getAs(t.app, t.alice, `${ORDERS}/${order.id}/credit-notes/${invoice!.number}`))
        .statusCode,
    ).toBe(404);
  });
});
