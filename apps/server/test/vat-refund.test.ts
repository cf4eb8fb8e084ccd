import { creditedCents } from '@cadran/domain/invoice';
import { einvoiceAmount } from '@cadran/domain/einvoice';
import { formatMoney } from '@cadran/domain/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../src/db/schema/payments';
import { vatNumberChecks } from '../src/db/schema/promo-codes';
import { pdfAttachment, readCii } from './facturx-helpers';
import { fulfilmentServers, invoicesOf, pdfText } from './invoices-helpers';
import {
  belgianBilling,
  item,
  openShop,
  orderBody,
  orderOf,
  placeOrder,
  type Shop,
} from './orders-helpers';
import {
  decide,
  eventsOf,
  licensesOf,
  mailsTo,
  orderRow,
  paymentOf,
  sandboxIdOf,
} from './payments-helpers';
import { adminPost, signedInStaff } from './staff-helpers';
import { ViesStandIn } from './vies-stand-in';

/*
 * The VAT of a sale whose VAT number VIES confirmed only afterwards goes back (docs/product.md
 * 'VAT numbers'): the VAT alone, through the provider, with a credit note of the VAT alone and an
 * e-mail; the licences stay; given once whatever the retries; a later full refund gives back
 * only what remains.
 */
describe('the VAT of a VAT number confirmed after the sale', () => {
  const vies = new ViesStandIn();
  let t: Shop;
  let admin: Record<string, string>;

  beforeAll(async () => {
    await vies.start();
    // The Belgian register is down at the sale: the number is only format-checked, VAT charged.
    vies.set('BE0403170701', 'down');
    t = await openShop({ env: vies.env() });
    admin = (await signedInStaff(t.app, t.db, 'admin')).headers;
  });
  afterAll(async () => {
    await t?.close();
    await vies.close();
  });

  /** A Belgian company's card order, paid on the sandbox while VIES is down. */
  async function paidBelgianOrder() {
    // Each case starts from a number no one has confirmed yet (staff confirmations are kept).
    await t.db.delete(vatNumberChecks).where(eq(vatNumberChecks.vatNumber, 'BE0403170701'));
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], {
        payment_method: 'stripe',
        billing_address: belgianBilling(),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderOf(res);
    await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay');
    const order = await orderRow(t.db, placed.order.id);
    expect(order).toMatchObject({ paymentStatus: 'paid', vatNumberStatus: 'format_checked' });
    expect(order!.taxCents).toBeGreaterThan(0);
    return order!;
  }

  const vatRefundsOf = (orderId: string) =>
    t.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.kind, 'vat')));

  const vatMailsFor = async (orderNumber: string) =>
    (await mailsTo(t.db, t.alice.email)).filter(
      (mail) => mail.subject === `TVA de la commande ${orderNumber} remboursée`,
    );

  it('goes back when staff confirm the number: the VAT alone, a credit note of the VAT alone, an e-mail, the licences kept', async () => {
    const order = await paidBelgianOrder();
    const confirmed = await adminPost(t.app, `/orders/${order.id}/vat-number`, admin, {
      status: 'verified',
      note: 'Attestation d’assujettissement reçue',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const [refund, ...others] = await vatRefundsOf(order.id);
    expect(others).toHaveLength(0);
    expect(refund).toMatchObject({ amountCents: order.taxCents, provider: 'sandbox' });
    // The order stays paid, its payment too, and its licences stay active.
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: 'paid' });
    expect((await paymentOf(t.db, order.id))?.status).toBe('succeeded');
    expect((await licensesOf(t.db, order.id)).every((l) => l.state === 'active')).toBe(true);

    const documents = await invoicesOf(t.db, order.id);
    const credit = documents.find((doc) => doc.kind === 'credit_note');
    expect(credit).toMatchObject({ vatOnly: true, id: refund!.creditNoteId });
    expect(creditedCents(credit!.document)).toBe(order.taxCents);
    expect(credit!.document.partialCredit).toEqual({ scope: 'vat', amountCents: order.taxCents });

    const reasons = (await eventsOf(t.db, order.id)).map((event) => event.reason);
    expect(reasons.at(-1)).toMatch(/^VAT refunded: \d+\.\d{2} EUR \(sandbox\)$/);
    const [mail] = await vatMailsFor(order.orderNumber);
    expect(mail?.textBody).toContain('BE0403170701');
    expect(mail?.textBody).toContain(credit!.number);
    expect(mail?.textBody).toContain('Vos licences ne changent pas');

    // The credit note's PDF says what it is and what it gives back.
    const pdf = await t.app.inject({
      url: `/api/v1/website/orders/${order.id}/credit-notes/${credit!.number}`,
      headers: t.alice.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('AVOIR À');
    expect(text).toContain('Avoir de la TVA seule');
    expect(text).not.toContain('Pénalités de retard');
    // Its total box and its e-invoice data state the VAT given back, not the invoice's total.
    const vat = formatMoney(order.taxCents, 'fr').replace(/[\u00a0\u202f]/g, ' ');
    expect(text.replace(/\s+/g, ' ')).toContain(`Total TTC ${vat}`);
    const cii = readCii(pdfAttachment(pdf.rawPayload, 'factur-x.xml'));
    expect(cii.one('GrandTotalAmount')).toBe(einvoiceAmount(order.taxCents));
    expect(cii.one('TaxBasisTotalAmount')).toBe('0.00');

    // Asked again, nothing more goes back.
    expect(await t.app.fulfilment.refundConfirmedVat(order.id)).toEqual({ kind: 'nothing_due' });
    expect(await t.app.fulfilment.refundConfirmedVatOrders()).toMatchObject({ refunded: 0 });
    expect(await vatRefundsOf(order.id)).toHaveLength(1);
    expect(await vatMailsFor(order.orderNumber)).toHaveLength(1);
  });

  it('keeps a number staff confirmed: the next order is not taxed while VIES is still down', async () => {
    const order = await paidBelgianOrder();
    const confirmed = await adminPost(t.app, `/orders/${order.id}/vat-number`, admin, {
      status: 'verified',
      note: 'Attestation d’assujettissement reçue',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [kept] = await t.db
      .select()
      .from(vatNumberChecks)
      .where(eq(vatNumberChecks.vatNumber, 'BE0403170701'));
    expect(kept).toMatchObject({ status: 'verified', consultationNumber: null });

    const asked = vies.requestsFor('BE0403170701');
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { payment_method: 'stripe', billing_address: belgianBilling() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const next = await orderRow(t.db, orderOf(res).order.id);
    expect(next).toMatchObject({ vatNumberStatus: 'verified', taxCents: 0 });
    expect(next!.totalCents).toBe(next!.subtotalCents - next!.discountCents);
    // Answered from what staff confirmed, without asking VIES (still down) again.
    expect(vies.requestsFor('BE0403170701')).toBe(asked);
  });

  it('leaves only the rest to a later full refund, with a credit note of the rest', async () => {
    const order = await paidBelgianOrder();
    await adminPost(t.app, `/orders/${order.id}/vat-number`, admin, {
      status: 'verified',
      note: 'Certificat reçu',
    });
    // The full amount is no longer what can go back: only the rest.
    const tooMuch = await adminPost(t.app, `/orders/${order.id}/refund`, admin, {
      reason: 'Demande du client',
      amount: order.totalCents,
    });
    expect(tooMuch.statusCode).toBe(400);
    const res = await adminPost(t.app, `/orders/${order.id}/refund`, admin, {
      reason: 'Demande du client',
    });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((row) => [row.kind, row.amountCents]).sort()).toEqual([
      ['full', order.totalCents - order.taxCents],
      ['vat', order.taxCents],
    ]);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(order.totalCents);
    const credits = (await invoicesOf(t.db, order.id)).filter((doc) => doc.kind === 'credit_note');
    expect(credits.map((doc) => creditedCents(doc.document)).sort((a, b) => a - b)).toEqual(
      [order.taxCents, order.totalCents - order.taxCents].sort((a, b) => a - b),
    );
    expect(await orderRow(t.db, order.id)).toMatchObject({ paymentStatus: 'refunded' });

    // The credit note of the rest states the sale under the reverse charge: its net, no VAT.
    const rest = credits.find((doc) => !doc.vatOnly)!;
    const pdf = await t.app.inject({
      url: `/api/v1/website/orders/${order.id}/credit-notes/${rest.number}`,
      headers: t.alice.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const restCents = order.totalCents - order.taxCents;
    const text = pdfText(pdf.rawPayload)
      .replace(/[\u00a0\u202f]/g, ' ')
      .replace(/\s+/g, ' ');
    const money = (cents: number) => formatMoney(cents, 'fr').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(`Total TTC ${money(restCents)}`);
    expect(text).toContain(`TVA 0 % ${money(0)}`);
    expect(text).toContain('Autoliquidation');
    expect(text).not.toContain(money(order.totalCents));
    const cii = readCii(pdfAttachment(pdf.rawPayload, 'factur-x.xml'));
    expect(cii.one('GrandTotalAmount')).toBe(einvoiceAmount(restCents));
    expect(cii.one('TaxBasisTotalAmount')).toBe(einvoiceAmount(restCents));
    expect(cii.one('TaxTotalAmount')).toBe('0.00');
    expect(new Set(cii.all('CategoryCode'))).toEqual(new Set(['AE']));
    expect(cii.one('ExemptionReasonCode')).toBe('VATEX-EU-AE');
    const invoice = (await invoicesOf(t.db, order.id)).find((doc) => doc.kind === 'invoice')!;
    expect(cii.within('InvoiceReferencedDocument', 'IssuerAssignedID')).toEqual([invoice.number]);
  });

  it('gives nothing back for a rejected number', async () => {
    const order = await paidBelgianOrder();
    const res = await adminPost(t.app, `/orders/${order.id}/vat-number`, admin, {
      status: 'rejected',
      note: 'Société radiée',
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.fulfilment.refundConfirmedVat(order.id)).toEqual({ kind: 'nothing_due' });
    expect(await t.db.$count(refunds, eq(refunds.orderId, order.id))).toBe(0);
    expect(await invoicesOf(t.db, order.id)).toHaveLength(1);
  });

  it('goes back once when VIES confirms it, however many processes and retries ask at once', async () => {
    const order = await paidBelgianOrder();
    vies.set('BE0403170701', 'valid');
    try {
      expect((await t.app.orders.recheckVatNumbers(new Date())).confirmed).toBeGreaterThanOrEqual(
        1,
      );
    } finally {
      vies.set('BE0403170701', 'down');
    }
    expect(await orderRow(t.db, order.id)).toMatchObject({ vatNumberStatus: 'verified' });

    const servers = await fulfilmentServers(t, 3);
    try {
      const answers = await Promise.all([
        ...servers.list.map((server) => server.refundConfirmedVatOrders()),
        ...servers.list.map((server) => server.refundConfirmedVat(order.id)),
      ]);
      expect(answers.length).toBe(6);
    } finally {
      await servers.close();
    }
    const given = await vatRefundsOf(order.id);
    expect(given).toHaveLength(1);
    expect(given[0]?.amountCents).toBe(order.taxCents);
    const credits = (await invoicesOf(t.db, order.id)).filter((doc) => doc.kind === 'credit_note');
    expect(credits).toHaveLength(1);
    expect(await vatMailsFor(order.orderNumber)).toHaveLength(1);
  });
});
