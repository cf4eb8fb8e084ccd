import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/db/migrate';
import { licenseTemplates } from '../src/db/schema/catalog';
import { licenses } from '../src/db/schema/licenses';
import { listMail } from '../src/mail/list';
import { orders } from '../src/db/schema/orders';
import { users } from '../src/db/schema/users';
import { runSeed } from '../src/db/seed/seed';
import { snapshotOf } from '../src/modules/orders/template-snapshot';
import { OrdersRepository } from '../src/modules/orders/repository';
import { PaymentsRepository } from '../src/modules/payments/repository';
import { billing } from './orders-helpers';
import { runAdminCli, withDataDirDatabase } from './cli-helpers';
import { testDbTarget } from './helper';

/**
 * `npm run admin -- mark-paid --order CAD-...` as an operator runs it: a real
 * process on a real data folder holding bank-transfer orders, checked by reopening it.
 */

describe.skipIf(testDbTarget() !== 'pglite')('admin CLI: mark-paid', () => {
  let dataDir: string;
  const numbers = {
    transfer: 'CAD-2026-TRANSFR2',
    short: 'CAD-2026-SHQRTPA2',
    card: 'CAD-2026-CARDPA22',
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-mark-paid-'));
    await withDataDirDatabase(dataDir, async (database) => {
      await migrateDatabase(database);
      await runSeed(database.db, { demo: true });
      const { db } = database;
      const [user] = await db
        .insert(users)
        .values({
          email: 'camille@exemple.fr',
          passwordHash: 'not-used',
          firstName: 'Camille',
          lastName: 'Martin',
          phone: '+33 6 12 34 56 78',
          addressLine1: '12 rue de la Paix',
          city: 'Paris',
          postalCode: '75002',
        })
        .returning();
      const [pro] = await db
        .select()
        .from(licenseTemplates)
        .where(eq(licenseTemplates.seedKey, 'pro-annually'));
      const repository = new OrdersRepository(db);
      const payments = new PaymentsRepository(db);
      for (const [kind, number] of Object.entries(numbers)) {
        const stored = await repository.insert(
          {
            orderNumber: number,
            userId: user!.id,
            paymentMethod: kind === 'card' ? 'stripe' : 'bank_transfer',
            subtotalCents: 49_000,
            taxableCents: 49_000,
            taxRateBasisPoints: 2000,
            taxCents: 9800,
            totalCents: 58_800,
            billingAddress: billing(),
          },
          [
            {
              templateId: pro!.id,
              templateSnapshot: snapshotOf(pro!),
              quantity: 1,
              unitPriceCents: 49_000,
              totalPriceCents: 49_000,
              customizations: {
                primary_domain: 'atelier-martin.fr',
                additional_domains_list: [],
                extra_domains: 0,
                extra_installations: 0,
              },
            },
          ],
          { fromStatus: null, toStatus: 'pending', paymentStatus: 'unpaid', reason: 'created' },
        );
        if (kind === 'transfer') {
          const row = await payments.insertCreated({
            orderId: stored.order.id,
            provider: 'bank_transfer',
            amountCents: 58_800,
            currency: 'EUR',
          });
          await payments.open(row.id, { reference: stored.order.orderNumber, paymentUrl: null });
        }
      }
    });
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const orderNamed = (orderNumber: string) =>
    withDataDirDatabase(dataDir, async ({ db }) => {
      const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      const issued = await db.select().from(licenses).where(eq(licenses.orderId, order!.id));
      const mails = await listMail(db, { kind: 'order_confirmation' });
      return { order: order!, issued, mails: mails.filter((m) => m.subject.includes(orderNumber)) };
    });

  it('records the transfer: licences issued, confirmation queued; a second run changes nothing', async () => {
    const run = await runAdminCli(dataDir, [
      'mark-paid',
      '--order',
      numbers.transfer.toLowerCase(),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Order ${numbers.transfer} marked paid: 1 licence issued, confirmation email queued.\n`,
    );
    const after = await orderNamed(numbers.transfer);
    expect(after.order).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(after.issued).toHaveLength(1);
    expect(after.mails).toHaveLength(1);

    const again = await runAdminCli(dataDir, ['mark-paid', '--order', numbers.transfer]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is already paid: nothing changed');
    expect((await orderNamed(numbers.transfer)).issued).toHaveLength(1);
  }, 60_000);

  it('flags a different amount, creating the missing payment row of an older transfer order', async () => {
    const run = await runAdminCli(dataDir, [
      'mark-paid',
      '--order',
      numbers.short,
      '--amount',
      '500,00',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/flagged for review: amount mismatch: received 500\.00 EUR/);
    const after = await orderNamed(numbers.short);
    expect(after.order.paymentStatus).toBe('unpaid');
    expect(after.issued).toHaveLength(0);
  }, 60_000);

  it('refuses card orders, unknown numbers and bad usage', async () => {
    const card = await runAdminCli(dataDir, ['mark-paid', '--order', numbers.card]);
    expect(card.code).toBe(1);
    expect(card.stderr).toContain('not by bank transfer');
    const unknown = await runAdminCli(dataDir, ['mark-paid', '--order', 'CAD-2026-ZZZZZZZZ']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No order CAD-2026-ZZZZZZZZ');
    for (const [args, message] of [
      [['mark-paid'], /--order is required/],
      [['mark-paid', '--order', 'DROP TABLE'], /--order must be an order number/],
      [['mark-paid', '--order', numbers.short, '--amount', 'beaucoup'], /--amount must be/],
    ] as const) {
      const run = await runAdminCli(dataDir, [...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    expect((await orderNamed(numbers.card)).order.paymentStatus).toBe('unpaid');
  }, 120_000);
});
