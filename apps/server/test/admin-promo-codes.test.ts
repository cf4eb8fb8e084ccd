import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promoCodes } from '../src/db/schema/promo-codes';
import { runAdminCli, withDataDirDatabase } from './cli-helpers';
import { testDbTarget } from './helper';
import { item, orderBody, placeOrder, shopSuite } from './orders-helpers';
import type { ErrorAnswer } from './quote-helpers';
import { bearerHeaders, signedInAdmin, signedInClient } from './realtime-helpers';

const PROMOS = '/api/v1/admin/promo-codes';

/** The back office's promo codes: created and listed by administrators only. */
describe('admin promo codes API', () => {
  const t = shopSuite();

  const spring = {
    code: ' printemps-26 ',
    discount: { type: 'percentage', percent: 12.5 },
    starts_at: '2026-03-01T00:00:00+01:00',
    ends_at: '2099-06-01T00:00:00Z',
    max_uses: 100,
    max_uses_per_customer: 1,
    billing_cycles: ['annually'],
  };

  it('refuses the anonymous (401) and clients (403), writing nothing', async () => {
    const client = bearerHeaders((await signedInClient(t.app)).token);
    for (const headers of [{}, client]) {
      const list = await t.app.inject({ method: 'GET', url: PROMOS, headers });
      const create = await t.app.inject({ method: 'POST', url: PROMOS, headers, payload: spring });
      expect([list.statusCode, create.statusCode]).toEqual(
        Object.keys(headers).length === 0 ? [401, 401] : [403, 403],
      );
    }
    expect(await t.db.$count(promoCodes)).toBe(0);
  });

  it('creates a code, refuses it twice and refuses bad rules with field errors', async () => {
    const admin = bearerHeaders((await signedInAdmin(t.app, t.db)).token);
    const res = await t.app.inject({
      method: 'POST',
      url: PROMOS,
      headers: admin,
      payload: spring,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: unknown }>().data).toMatchObject({
      code: 'PRINTEMPS-26',
      discount: { type: 'percentage', percent: 12.5 },
      starts_at: '2026-02-28T23:00:00.000Z',
      max_uses: 100,
      max_uses_per_customer: 1,
      billing_cycles: ['annually'],
      template_ids: null,
      uses: 0,
    });
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, 'PRINTEMPS-26'));
    expect(row).toMatchObject({ percentBasisPoints: 1250, amountCents: null });

    const twice = await t.app.inject({
      method: 'POST',
      url: PROMOS,
      headers: admin,
      payload: { ...spring, code: 'Printemps-26' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorAnswer>().errors).toEqual({ code: ['Ce code promo existe déjà'] });

    const bad = await t.app.inject({
      method: 'POST',
      url: PROMOS,
      headers: { ...admin, 'accept-language': 'en' },
      payload: { code: 'x', discount: { type: 'fixed', amount: '-3' }, ends_at: 'tomorrow' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorAnswer>().errors ?? {}).sort()).toEqual([
      'code',
      'discount.amount',
      'ends_at',
    ]);
    expect(await t.db.$count(promoCodes)).toBe(1);
  });

  it('lists codes with the uses of orders not cancelled', async () => {
    const admin = bearerHeaders((await signedInAdmin(t.app, t.db)).token);
    await t.app.inject({
      method: 'POST',
      url: PROMOS,
      headers: admin,
      payload: { code: 'DIX-EUROS', discount: { type: 'fixed', amount: '10.00' } },
    });
    const placed = await placeOrder(
      t.app,
      t.alice,
      orderBody([item(t.pro.id)], { promo_code: 'dix-euros' }),
    );
    expect(placed.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: PROMOS, headers: admin });
    expect(res.statusCode).toBe(200);
    const listed = res.json<{ data: { code: string; uses: number; discount: unknown }[] }>().data;
    expect(listed.map(({ code, uses }) => ({ code, uses }))).toEqual([
      { code: 'PRINTEMPS-26', uses: 0 },
      { code: 'DIX-EUROS', uses: 1 },
    ]);
    expect(listed[1]?.discount).toEqual({ type: 'fixed', amount: '10.00' });
  });
});

// The CLI is tested on the embedded database; the PostgreSQL run of the suite skips it.
describe.skipIf(testDbTarget() !== 'pglite')('admin CLI: promo-create, promo-list', () => {
  it('creates a code, refuses a second one and bad input, and lists them', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cadran-promo-cli-'));
    try {
      const created = await runAdminCli(dataDir, [
        'promo-create',
        '--code',
        'noel',
        '--amount',
        '15,00',
        '--max-uses',
        '50',
        '--cycle',
        'annually',
        '--cycle',
        'monthly',
      ]);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/^Promo code created: NOEL\t15\.00 EUR\tuses 0\/50/);

      const again = await runAdminCli(dataDir, [
        'promo-create',
        '--code',
        'NOEL',
        '--percent',
        '5',
      ]);
      expect(again.code).toBe(1);
      expect(again.stderr).toBe('Promo code NOEL already exists\n');

      const bad = await runAdminCli(dataDir, ['promo-create', '--code', 'ÉTÉ', '--percent', '120']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('discount.percent: The percentage must be between 1 and 100');
      expect(bad.stderr).toContain('code: ');

      const listed = await runAdminCli(dataDir, ['promo-list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout.trim().split('\n')).toHaveLength(1);

      const stored = await withDataDirDatabase(dataDir, ({ db }) => db.select().from(promoCodes));
      expect(stored).toEqual([
        expect.objectContaining({
          code: 'NOEL',
          amountCents: 1500,
          maxUses: 50,
          billingCycles: ['annually', 'monthly'],
        }),
      ]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
