import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { AdminOrderDetailResponseSchema } from '@cadran/domain/staff-orders';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { einvoiceEvents } from '../src/db/schema/einvoices';
import { invoices } from '../src/db/schema/invoices';
import { orders } from '../src/db/schema/orders';
import { issueCreditNote } from '../src/modules/invoices/credit-note';
import { DemoPlatform } from '../src/modules/invoices/transmission/demo-platform';
import { einvoiceDir } from '../src/modules/invoices/transmission/platforms';
import { sendEinvoice } from '../src/modules/invoices/transmission/send-einvoice';
import { EINVOICE_SEND_JOB } from '../src/modules/invoices/transmission/send-job';
import { pdfAttachmentNames } from './facturx-helpers';
import type { TestApp } from './helper';
import { invoicesOf } from './invoices-helpers';
import { shopSuite } from './orders-helpers';
import { decide, placeWith, sandboxIdOf } from './payments-helpers';
import { adminGet, signedInStaff } from './staff-helpers';

/*
 * E-invoices go to the platform the setting names (docs/decisions/047-einvoice-platforms.md):
 * the demo's writes each Factur-X file to DATA_DIR/einvoices and reports its statuses, which
 * the back office's order page lists. Each document is deposited once and each status recorded
 * once, whatever retries or processes run the send.
 */

const statusesOf = async (t: TestApp, invoiceId: string) =>
  (
    await t.db
      .select({ status: einvoiceEvents.status, platform: einvoiceEvents.platform })
      .from(einvoiceEvents)
      .where(eq(einvoiceEvents.invoiceId, invoiceId))
  )
    .map((row) => `${row.platform}:${row.status}`)
    .sort();

/**
 * `count` database handles as `count` server processes would have them: on PostgreSQL each its
 * own pool to the test's database; on PGlite (one connection in one process) the app's own.
 */
async function processes(t: TestApp, count: number) {
  if (t.database.driver !== 'postgres') {
    return { dbs: Array.from({ length: count }, () => t.db), close: async () => {} };
  }
  const pool = t.database.client as unknown as { options: { connectionString: string } };
  const handles = await Promise.all(
    Array.from({ length: count }, () =>
      openDatabase({ kind: 'postgres', url: pool.options.connectionString, maxConnections: 2 }),
    ),
  );
  return {
    dbs: handles.map((handle) => handle.db),
    close: () => Promise.all(handles.map((handle) => handle.close())).then(() => undefined),
  };
}

describe('sending e-invoices to the platform', () => {
  const t = shopSuite();
  let dir: string;
  let staff: Record<string, string>;
  beforeAll(async () => {
    dir = einvoiceDir(t.config.dataDir);
    staff = (await signedInStaff(t.app, t.db, 'admin')).headers;
  });

  async function paidInvoice() {
    const placed = await placeWith(t.app, t.alice, 'stripe', t.pro.id);
    expect((await decide(t.app, t.alice, sandboxIdOf(placed.payment_url), 'pay')).statusCode).toBe(
      200,
    );
    const [invoice] = await invoicesOf(t.db, placed.order.id);
    if (!invoice) throw new Error('no invoice issued');
    return { order: placed.order, invoice };
  }

  /** Undoes what the job did on payment, as if it had not run yet. */
  async function unsent(invoice: { id: string; number: string }) {
    await t.app.jobs.drain(EINVOICE_SEND_JOB.name);
    await t.db.delete(einvoiceEvents).where(eq(einvoiceEvents.invoiceId, invoice.id));
    await rm(path.join(dir, `${invoice.number}.pdf`), { force: true });
  }

  it('deposits the stored Factur-X file, records its statuses and shows them to staff', async () => {
    const { order, invoice } = await paidInvoice();
    const ran = await t.app.jobs.drain(EINVOICE_SEND_JOB.name);
    expect(ran.failed).toBe(0);
    const [stored] = await invoicesOf(t.db, order.id);
    const file = await readFile(path.join(dir, `${invoice.number}.pdf`));
    expect(file.equals(stored!.pdf!)).toBe(true);
    expect(pdfAttachmentNames(file)).toEqual(['factur-x.xml']);
    expect(await statusesOf(t, invoice.id)).toEqual([
      'demo:deposited',
      'demo:issued',
      'demo:paid',
      'demo:received',
    ]);

    const page = await adminGet(t.app, `/orders/${order.id}`, staff);
    expect(page.statusCode).toBe(200);
    const detail = AdminOrderDetailResponseSchema.parse(page.json()).order;
    expect(detail.invoice?.einvoice.map((entry) => entry.status)).toEqual([
      'deposited',
      'issued',
      'received',
      'paid',
    ]);
    const paid = detail.invoice?.einvoice.find((entry) => entry.status === 'paid');
    // Declared paid on the day the money arrived, the invoice's payment date.
    expect(paid?.at).toBe(stored!.document.paidAt);
    expect(paid?.reference).toBe(`DEMO-${invoice.number}`);
  });

  it('sends once whatever retries, crashes or processes run the send', async () => {
    const { invoice } = await paidInvoice();
    await unsent(invoice);
    const demo = new DemoPlatform(dir);
    const running = await processes(t, 3);
    try {
      // Three processes pick the same document before the queue's own run.
      const outcomes = await Promise.all(
        running.dbs.map((db) => sendEinvoice({ db, platform: demo }, invoice.id)),
      );
      expect(outcomes).toContain('sent');
    } finally {
      await running.close();
    }
    const files = (await readdir(dir)).filter((name) => name.startsWith(invoice.number));
    expect(files).toEqual([`${invoice.number}.pdf`]);
    const recorded = await statusesOf(t, invoice.id);
    expect(recorded).toEqual(['demo:deposited', 'demo:issued', 'demo:paid', 'demo:received']);

    // The queued job runs later, and again after a crash that lost its completion.
    await t.app.jobs.drain(EINVOICE_SEND_JOB.name);
    expect(await sendEinvoice({ db: t.db, platform: demo }, invoice.id)).toBe('already');
    // A crash after the platform took the file, before its statuses were written: the next
    // run deposits again, the platform answers the first deposit, nothing is doubled.
    await t.db.delete(einvoiceEvents).where(eq(einvoiceEvents.invoiceId, invoice.id));
    expect(await sendEinvoice({ db: t.db, platform: demo }, invoice.id)).toBe('sent');
    expect(await statusesOf(t, invoice.id)).toEqual(recorded);
    expect((await readdir(dir)).filter((name) => name.startsWith(invoice.number))).toHaveLength(1);
  });

  it('refuses a second, different file under a number already deposited', async () => {
    const { invoice } = await paidInvoice();
    await t.app.jobs.drain(EINVOICE_SEND_JOB.name);
    const demo = new DemoPlatform(dir);
    await expect(
      demo.deposit({
        kind: 'invoice',
        number: invoice.number,
        issuedAt: invoice.issuedAt,
        fileName: `${invoice.number}.pdf`,
        pdf: Buffer.from('%PDF-1.7 another factur-x.xml'),
      }),
    ).rejects.toThrow(/already deposited/);
  });

  it('records the rejection of a PDF without Factur-X data, and declares nothing paid', async () => {
    const { invoice } = await paidInvoice();
    await unsent(invoice);
    // An invoice drawn before Factur-X: its stored PDF has no data attached.
    await t.db
      .update(invoices)
      .set({ pdf: Buffer.from('%PDF-1.3 drawn for people only') })
      .where(eq(invoices.id, invoice.id));
    const demo = new DemoPlatform(dir);
    expect(await sendEinvoice({ db: t.db, platform: demo }, invoice.id)).toBe('sent');
    expect(await sendEinvoice({ db: t.db, platform: demo }, invoice.id)).toBe('already');
    expect(await statusesOf(t, invoice.id)).toEqual(['demo:deposited', 'demo:rejected']);
    const [rejected] = await t.db
      .select()
      .from(einvoiceEvents)
      .where(and(eq(einvoiceEvents.invoiceId, invoice.id), eq(einvoiceEvents.status, 'rejected')));
    expect(rejected?.detail).toBe('no Factur-X data in the PDF');
    await expect(readFile(path.join(dir, `${invoice.number}.pdf`))).rejects.toThrow(/ENOENT/);
  });

  it('sends a credit note too, which is never declared paid', async () => {
    const { order, invoice } = await paidInvoice();
    await t.app.jobs.drain(EINVOICE_SEND_JOB.name);
    await t.db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, order.id));
    const issued = await t.db.transaction((tx) =>
      issueCreditNote(tx, order.id, { seller: t.config.seller, issuedAt: new Date() }),
    );
    if (issued.kind !== 'issued') throw new Error(issued.kind);
    await t.app.jobs.drain(EINVOICE_SEND_JOB.name);
    expect(await statusesOf(t, issued.creditNote.id)).toEqual([
      'demo:deposited',
      'demo:issued',
      'demo:received',
    ]);
    await readFile(path.join(dir, `${issued.creditNote.number}.pdf`));
    expect(await statusesOf(t, invoice.id)).toContain('demo:paid');
  });

  it('sends nothing without a platform', async () => {
    const { invoice } = await paidInvoice();
    await unsent(invoice);
    expect(await sendEinvoice({ db: t.db, platform: null }, invoice.id)).toBe('no_platform');
    expect(await statusesOf(t, invoice.id)).toEqual([]);
    await expect(readFile(path.join(dir, `${invoice.number}.pdf`))).rejects.toThrow(/ENOENT/);
  });
});

describe('the EINVOICE_PLATFORM setting', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(48),
  };

  it('uses the demo outside production and sends nothing in production unless told', () => {
    expect(loadConfig({}).einvoicePlatform).toBe('demo');
    expect(loadConfig({ EINVOICE_PLATFORM: 'none' }).einvoicePlatform).toBe('none');
    expect(() => loadConfig({ EINVOICE_PLATFORM: 'chorus' })).toThrow(
      /EINVOICE_PLATFORM: must be one of none, demo/,
    );
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...production, ...env });
        return [];
      } catch (error) {
        return (error as { problems?: string[] }).problems ?? [];
      }
    };
    expect(problems({ EINVOICE_PLATFORM: 'demo' }).join('\n')).toMatch(
      /EINVOICE_PLATFORM: demo refused in production/,
    );
    expect(
      problems({
        EINVOICE_PLATFORM: 'demo',
        EINVOICE_DEMO_IN_PRODUCTION: 'i-accept-einvoices-not-transmitted',
      }).join('\n'),
    ).not.toMatch(/EINVOICE/);
    expect(problems({ EINVOICE_DEMO_IN_PRODUCTION: 'yes' }).join('\n')).toMatch(
      /EINVOICE_DEMO_IN_PRODUCTION: must be exactly/,
    );
  });
});
