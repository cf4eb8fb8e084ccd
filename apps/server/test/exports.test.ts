import { quarterOf } from '@cadran/domain/accounting-period';
import { OssResponseSchema, PaymentsResponseSchema } from '@cadran/domain/accounting-exports';
import type { InvoiceDocument } from '@cadran/domain/invoice';
import { shopDay } from '@cadran/domain/paris-days';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/db/schema/invoices';
import { staffAuditEntries } from '../src/db/schema/audit';
import { billing, item, orderBody, orderOf, placeOrder, shopSuite } from './orders-helpers';
import { decide, sandboxIdOf } from './payments-helpers';
import { adminGet, adminPost, signedInStaff } from './staff-helpers';

/**
 * The accountant's exports (docs/product.md 'Back office' ('Accounting exports')) over a day of
 * sales in France, to a German consumer and to a Swiss company, one of them refunded: every
 * figure reconciles to the cent with the stored invoices and credit notes; support staff and
 * bad periods are refused and nothing is audited for them.
 */
describe('accounting exports', () => {
  const t = shopSuite();
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  let support: Awaited<ReturnType<typeof signedInStaff>>;
  const today = shopDay(new Date());
  const quarter = quarterOf(today);
  let documents: InvoiceDocument[] = [];

  async function paidOrder(address: Record<string, unknown>) {
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { payment_method: 'stripe', billing_address: billing(address) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderOf(res);
    expect((await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay')).statusCode).toBe(
      200,
    );
    return placed.order.id;
  }

  beforeAll(async () => {
    admin = await signedInStaff(t.app, t.db, 'admin');
    support = await signedInStaff(t.app, t.db, 'support');
    await paidOrder({ siren: '732829320' });
    const german = await paidOrder({
      company: '',
      country: 'DE',
      postal_code: '10115',
      city: 'Berlin',
    });
    await paidOrder({ company: '', country: 'DE', postal_code: '10115', city: 'Berlin' });
    await paidOrder({
      company: 'Uhren Keller AG',
      country: 'CH',
      postal_code: '8001',
      city: 'Zürich',
    });
    const refunded = await adminPost(t.app, `/orders/${german}/refund`, admin.headers, {
      reason: 'Rétractation',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    documents = (await t.db.select().from(invoices)).map((row) => row.document);
    expect(documents.filter((doc) => doc.kind === 'credit_note')).toHaveLength(1);
  });

  const signedSum = (
    pick: (doc: InvoiceDocument) => number,
    keep = (_doc: InvoiceDocument) => true,
  ) =>
    documents
      .filter(keep)
      .reduce((sum, doc) => sum + (doc.kind === 'invoice' ? pick(doc) : -pick(doc)), 0);
  const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);

  it('writes the FEC: 18 tab-separated columns, balanced, reconciling each account', async () => {
    const res = await adminGet(
      t.app,
      `/exports/sales-journal?from=${today}&to=${today}&format=fec`,
      admin.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${t.config.seller.siren}FEC${today.replaceAll('-', '')}.txt"`,
    );
    const [header, ...rows] = res.body
      .replace(/\r\n$/, '')
      .split('\r\n')
      .map((line) => line.split('\t'));
    expect(header).toHaveLength(18);
    expect(header?.[0]).toBe('JournalCode');
    expect(header?.[17]).toBe('Idevise');
    expect(rows.every((row) => row.length === 18)).toBe(true);
    const balance = (account: string) =>
      rows
        .filter((row) => row[4] === account)
        .reduce((sum, row) => sum + cents(row[12]!) - cents(row[11]!), 0);
    const debits = rows.reduce((sum, row) => sum + cents(row[11]!), 0);
    const credits = rows.reduce((sum, row) => sum + cents(row[12]!), 0);
    expect(debits).toBe(credits);
    expect(-balance('411')).toBe(signedSum((doc) => doc.grossCents));
    expect(balance('706')).toBe(signedSum((doc) => doc.netCents));
    expect(balance('44571')).toBe(signedSum((doc) => doc.vatCents));
    // Every document is in it once, under its own number.
    const numbers = new Set(rows.map((row) => row[2]));
    expect([...numbers].sort()).toEqual(documents.map((doc) => doc.number).sort());

    const csv = await adminGet(
      t.app,
      `/exports/sales-journal?from=${today}&to=${today}&format=csv`,
      admin.headers,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(rows.length + 1);
  });

  it('sums the quarter’s EU consumer sales for the OSS return, the refund as a correction', async () => {
    const res = await adminGet(t.app, `/exports/oss?quarter=${quarter}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const answer = OssResponseSchema.parse(res.json());
    const isOss = (doc: InvoiceDocument) => doc.taxKind === 'eu_consumer';
    expect(answer.sales).toEqual([
      expect.objectContaining({ country: 'DE', vat_rate: '19.00', documents: 2 }),
    ]);
    expect(answer.corrections).toEqual([
      expect.objectContaining({ country: 'DE', corrected_quarter: quarter, documents: 1 }),
    ]);
    expect(cents(answer.totals.taxable_amount)).toBe(signedSum((doc) => doc.netCents, isOss));
    expect(cents(answer.totals.vat_amount)).toBe(signedSum((doc) => doc.vatCents, isOss));
    const csv = await adminGet(t.app, `/exports/oss?quarter=${quarter}&format=csv`, admin.headers);
    expect(csv.body).toContain('correction;DE;19;');
  });

  it('gives the money received per method and day, refunds apart, to the cent', async () => {
    const res = await adminGet(t.app, `/exports/payments?from=${today}&to=${today}`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const answer = PaymentsResponseSchema.parse(res.json());
    expect(answer.days).toEqual([
      expect.objectContaining({ day: today, method: 'stripe', invoices: 4, credit_notes: 1 }),
    ]);
    expect(cents(answer.totals.net)).toBe(signedSum((doc) => doc.grossCents));
  });

  it('audits each export, refuses support staff, and refuses bad periods in the reader’s language', async () => {
    const audited = await t.db.select().from(staffAuditEntries);
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['export.sales_journal', 'export.oss', 'export.payments']),
    );
    expect(
      (await adminGet(t.app, `/exports/oss?quarter=${quarter}`, support.headers)).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/exports/oss?quarter=${quarter}` }))
        .statusCode,
    ).toBe(401);

    const english = { ...admin.headers, 'accept-language': 'en' };
    const reversed = await adminGet(
      t.app,
      `/exports/sales-journal?from=${today}&to=2020-01-01`,
      english,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ errors: { to: ['The period ends before it starts'] } });
    const future = await adminGet(
      t.app,
      `/exports/oss?quarter=${Number(today.slice(0, 4)) + 1}-Q1`,
      admin.headers,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      errors: { quarter: ['Ce trimestre n’a pas encore commencé'] },
    });
    for (const url of [
      '/exports/oss?quarter=2026-Q5',
      '/exports/payments?from=2026-02-30&to=2026-03-01',
      `/exports/sales-journal?from=${today}&to=${today}&format=xlsx`,
      '/exports/sales-journal',
    ]) {
      expect((await adminGet(t.app, url, admin.headers)).statusCode, url).toBe(400);
    }
    expect(await t.db.select().from(staffAuditEntries)).toHaveLength(audited.length);
  });
});
