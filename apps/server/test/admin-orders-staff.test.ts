import { addDays, shopDateTime, shopDay } from '@cadran/domain/paris-days';
import { DashboardResponseSchema } from '@cadran/domain/staff-customers';
import {
  AdminOrderDetailResponseSchema,
  AdminOrdersResponseSchema,
} from '@cadran/domain/staff-orders';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema/contact';
import { invoices } from '../src/db/schema/invoices';
import { licenses } from '../src/db/schema/licenses';
import { orders } from '../src/db/schema/orders';
import { buyLicences } from './licenses-helpers';
import { billing, buyer, item, orderBody, orderOf, placeOrder, shopSuite } from './orders-helpers';
import { placeWith } from './payments-helpers';
import { adminGet, adminPost, BANK_ENV, signedInStaff } from './staff-helpers';

/*
 * Back-office order reads (docs/product.md 'Back office'): the list's filters, period and sort,
 * its CSV export (BOM, `;`, formula cells neutralised), one order in full, and the dashboard's
 * figures, computed here from orders this suite places on a fresh database.
 */
describe('staff order list, export, detail and dashboard', () => {
  const t = shopSuite({ env: BANK_ENV });
  let support: Record<string, string>;
  let admin: Record<string, string>;
  let paidId: string;
  let hostileId: string;
  let oldId: string;

  beforeAll(async () => {
    support = (await signedInStaff(t.app, t.db, 'support')).headers;
    admin = (await signedInStaff(t.app, t.db, 'admin')).headers;
    paidId = (await buyLicences(t.app, t.db, t.alice, t.pro.id)).orderId;
    const mallory = await buyer(t.app);
    const hostile = await placeOrder(
      t.app,
      mallory,
      orderBody([item(t.pro.id)], {
        billing_address: billing({
          first_name: '=HYPERLINK("http://evil.example")',
          company: '@SUM(A1;B1)',
          last_name: 'Dupont; "le grand"',
        }),
      }),
    );
    expect(hostile.statusCode, hostile.body).toBe(201);
    hostileId = orderOf(hostile).order.id;
    // An order placed and paid ten days ago.
    oldId = (await buyLicences(t.app, t.db, t.alice, t.agence.id)).orderId;
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    await t.db.update(orders).set({ createdAt: tenDaysAgo }).where(eq(orders.id, oldId));
    await t.db.update(invoices).set({ issuedAt: tenDaysAgo }).where(eq(invoices.orderId, oldId));
  });

  const list = async (query: string) => {
    const res = await adminGet(t.app, `/orders${query}`, support);
    expect(res.statusCode, res.body).toBe(200);
    return AdminOrdersResponseSchema.parse(res.json());
  };

  it('filters by period and sorts by total or number, paging as asked', async () => {
    const today = shopDay(new Date());
    const recent = await list(`?from=${addDays(today, -1)}&to=${today}`);
    expect(recent.items.map((o) => o.id)).toContain(paidId);
    expect(recent.items.map((o) => o.id)).not.toContain(oldId);
    const old = await list(`?to=${addDays(today, -5)}`);
    expect(old.items.map((o) => o.id)).toEqual([oldId]);
    const byTotal = await list('?sort=total');
    const totals = byTotal.items.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const byNumber = await list('?sort=-order_number&limit=2&offset=1');
    expect(byNumber).toMatchObject({ limit: 2, offset: 1, total: 3 });
    expect(Number.isInteger(byNumber.items[0]?.total)).toBe(true);
    for (const bad of [
      '?sort=email',
      `?from=${today}&to=${addDays(today, -1)}`,
      '?from=hier',
      '?limit=101',
    ]) {
      const res = await adminGet(t.app, `/orders${bad}`, support);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('exports the filtered list as CSV for a spreadsheet, formulas neutralised', async () => {
    const res = await adminGet(t.app, '/orders/export.csv?sort=created_at', support);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Commande;Date (heure de Paris);Statut;Paiement;Moyen de paiement;Facture;Pays;N° de TVA;Contrôle du n° de TVA;Régime de TVA;Code promo;Montant HT avant remise (EUR);Remise HT (EUR);Montant HT (EUR);Taux de TVA (%);TVA (EUR);Total TTC (EUR);E-mail;Prénom;Nom;Société;Licences;À vérifier : motif',
    );
    expect(lines).toHaveLength(4);
    const hostileLine = lines.find((line) => line.includes('HYPERLINK'));
    expect(hostileLine).toContain(`;"'=HYPERLINK(""http://evil.example"")";`);
    expect(hostileLine).toContain(`;"'@SUM(A1;B1)";`);
    expect(hostileLine).toContain(`;"Dupont; ""le grand""";`);
    // The bookkeeping columns: no invoice yet, France, French VAT, net, rate, VAT and total.
    expect(hostileLine).toContain(';En attente;Non payée;Virement;;FR;;;TVA française;;');
    expect(hostileLine).toContain(';490,00;0,00;490,00;20;98,00;588,00;');
    // The paid order carries its invoice number; its date is the Paris wall clock.
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, paidId));
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, paidId));
    const paidLine = lines.find((line) => line.startsWith(`${paid?.orderNumber};`));
    expect(paidLine).toContain(`;${shopDateTime(paid!.createdAt)};Terminée;Payée;`);
    expect(paidLine).toContain(`;${invoice?.number};FR;`);
    const english = await adminGet(t.app, '/orders/export.csv?lang=en', support);
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(
      /^Order,Date \(Paris time\),Status,Payment,Payment method,Invoice,Country,VAT number,/,
    );
    // In English, a spreadsheet's own conventions: `,` between cells, a decimal point.
    expect(english.body).toContain(',Completed,Paid,Card,');
    expect(english.body).toContain(',490.00,0.00,490.00,20,98.00,588.00,');
    expect((await adminGet(t.app, '/orders/export.csv?lang=de', support)).statusCode).toBe(400);
    const filtered = await adminGet(t.app, `/orders/export.csv?payment_status=unpaid`, support);
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
    expect((await adminGet(t.app, '/orders/export.csv', {})).statusCode).toBe(401);
  });

  it('shows one order in full to support staff', async () => {
    const res = await adminGet(t.app, `/orders/${paidId}`, support);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = AdminOrderDetailResponseSchema.parse(res.json());
    expect(order).toMatchObject({
      id: paidId,
      status: 'completed',
      payment_status: 'paid',
      customer: { id: t.alice.userId, email: t.alice.email },
      refunds: [],
      credit_notes: [],
    });
    expect(order.lines[0]?.domains).toEqual(['atelier-martin.fr']);
    expect(order.payments[0]).toMatchObject({
      provider: 'sandbox',
      status: 'succeeded',
      amount: order.total,
    });
    expect(order.invoice?.number).toMatch(/^FA-/);
    expect(order.licences[0]?.status).toBe('active');
    expect(order.events.map((e) => e.to_status)).toEqual(['pending', 'processing', 'completed']);
    expect((await adminGet(t.app, `/orders/${hostileId}`, t.alice.headers)).statusCode).toBe(403);
    expect(
      (await adminGet(t.app, '/orders/00000000-0000-4000-8000-000000000000', support)).statusCode,
    ).toBe(404);
  });

  it('sums the dashboard from the orders, transfers, messages and licences there are', async () => {
    const transfer = await placeWith(t.app, t.alice, 'bank_transfer', t.pro.id);
    await t.db.insert(contactMessages).values([
      { name: 'Léa', email: 'lea@exemple.fr', subject: 'demo', message: 'Une démonstration ?' },
      // Already read by someone: no longer waiting.
      { name: 'Noé', email: 'noe@exemple.fr', subject: 'demo', message: 'Merci', status: 'read' },
    ]);
    const month = shopDay(new Date()).slice(0, 7);
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0, 12));
    const [licence] = await t.db.select().from(licenses).where(eq(licenses.orderId, paidId));
    await t.db.update(licenses).set({ expiresAt: lastDay }).where(eq(licenses.id, licence!.id));

    const res = await adminGet(t.app, '/dashboard', support);
    expect(res.statusCode, res.body).toBe(200);
    const figures = DashboardResponseSchema.parse(res.json());
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, paidId));
    const [old] = await t.db.select().from(orders).where(eq(orders.id, oldId));
    expect(figures.today).toEqual({
      orders: 3,
      revenue: paid!.totalCents,
      revenue_before_vat: paid!.taxableCents,
    });
    expect(paid!.taxableCents).toBeLessThan(paid!.totalCents);
    expect(figures.last_30_days).toMatchObject({
      orders: 4,
      revenue: paid!.totalCents + old!.totalCents,
      revenue_before_vat: paid!.taxableCents + old!.taxableCents,
    });
    expect(figures.last_30_days.by_day).toHaveLength(30);
    expect(figures.last_30_days.by_day.at(-1)?.date).toBe(shopDay(new Date()));
    const tenDaysAgo = figures.last_30_days.by_day.find(
      (day) => day.date === shopDay(old!.createdAt),
    );
    expect(tenDaysAgo).toEqual({
      date: shopDay(old!.createdAt),
      orders: 1,
      revenue: old!.totalCents,
      revenue_before_vat: old!.taxableCents,
    });
    // The transfer just placed, and the order with hostile billing names (a transfer too).
    expect(figures.transfers_awaiting).toBe(2);
    expect(figures.new_messages).toBe(1);
    expect(figures.licences_expiring_this_month).toBe(1);

    // A refund takes the order out of the revenue; a recorded transfer out of the waiting ones.
    expect(
      (await adminPost(t.app, `/orders/${paidId}/refund`, admin, { reason: 'Erreur' })).statusCode,
    ).toBe(200);
    expect(
      (await adminPost(t.app, `/orders/${transfer.order.id}/mark-paid`, support, {})).statusCode,
    ).toBe(200);
    const after = DashboardResponseSchema.parse(
      (await adminGet(t.app, '/dashboard', support)).json(),
    );
    expect(after.today.revenue).toBe(Math.round(Number(transfer.order.total) * 100));
    expect(after.transfers_awaiting).toBe(1);
    expect(after.licences_expiring_this_month).toBe(0);
  });
});
