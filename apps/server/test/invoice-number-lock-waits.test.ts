import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { retryOnLockTimeout } from '../src/db/lock-waits';
import { invoiceCounters } from '../src/db/schema/invoices';
import { takeNextNumber } from '../src/modules/invoices/repository';
import { suiteFixture, buildTestApp, testDbTarget } from './helper';

/**
 * The invoice counter's lock wait is bounded by PostgreSQL, below the pool's read time-out, and
 * the transaction that gave up runs again (src/db/lock-waits.ts): a burst of payments queues on
 * the counter without a 503, and no number is lost or given twice. Two transactions at once need
 * a pool, so this runs in the PostgreSQL pass; PGlite serves one transaction at a time.
 */
describe.skipIf(testDbTarget() !== 'postgres')('the invoice counter in a burst (postgres)', () => {
  const t = suiteFixture(() => buildTestApp({ seed: false }));
  const YEAR = 2099;

  it('gives up waiting behind a long transaction, runs again once it committed, takes the next number', async () => {
    let releaseHolder!: () => void;
    const held = new Promise<void>((resolve) => (releaseHolder = resolve));
    let holderNumber = 0;
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      holderNumber = await takeNextNumber(tx, 'invoice', YEAR);
      holding();
      await held;
    });
    await holds;

    let attempts = 0;
    const waiter = retryOnLockTimeout(() =>
      t.db.transaction(async (tx) => {
        attempts += 1;
        // The first attempt gives up after 100 ms behind the holder; the holder then commits.
        if (attempts === 2) releaseHolder();
        return takeNextNumber(tx, 'invoice', YEAR, 100);
      }),
    );
    const [, waiterNumber] = await Promise.all([holder, waiter]);

    expect({ holderNumber, waiterNumber, attempts }).toEqual({
      holderNumber: 1,
      waiterNumber: 2,
      attempts: 2,
    });
    const [counter] = await t.db
      .select({ last: invoiceCounters.lastNumber })
      .from(invoiceCounters)
      .where(sql`${invoiceCounters.kind} = 'invoice' and ${invoiceCounters.year} = ${YEAR}`);
    expect(counter?.last).toBe(2);
  });
});
