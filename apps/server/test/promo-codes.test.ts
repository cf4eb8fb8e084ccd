import { and, eq } from 'drizzle-orm';
import { translateMessage } from '@cadran/domain/messages';
import { PromoCodeCreateSchema, type PromoCodeCreateInput } from '@cadran/domain/promo-codes';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { promoRedemptions } from '../src/db/schema/promo-codes';
import { PromoRepository } from '../src/modules/orders/promo-repository';
import {
  buyer,
  cancelOrder,
  item,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
  type Buyer,
} from './orders-helpers';
import { pricedLines, quote, quoteOf, type ErrorAnswer } from './quote-helpers';

/*
 * Promo codes in the quote and the order (docs/decisions/013-tax-treatment-and-promo-rules.md,
 * docs/decisions/014-vies-and-promo-redemptions.md): the refusals in French and English, the
 * redemption written with the order, a cancelled order's use given back, the limit held under
 * concurrent orders, and guessing limited.
 */
describe('promo codes', () => {
  const t = shopSuite();
  let codes = 0;

  /** Creates a code with a fresh name; `fields` override the rules. */
  const createCode = async (fields: Partial<PromoCodeCreateInput> = {}) => {
    codes += 1;
    const code = PromoCodeCreateSchema.parse({
      code: `TEST-${codes}`,
      discount: { type: 'percentage', percent: 10 },
      ...fields,
    });
    const stored = await new PromoRepository(t.db).create(code);
    if (!stored) throw new Error('code not created');
    return stored;
  };

  const proCart = () => [item(t.pro.id)];
  const order = (who: Buyer, promo: string, headers: Record<string, string> = {}) =>
    placeOrder(t.app, who, orderBody(proCart(), { promo_code: promo }), headers);
  const redemptionsOf = (promoCodeId: number) =>
    t.db.$count(promoRedemptions, eq(promoRedemptions.promoCodeId, promoCodeId));

  it('takes a percentage off before VAT in the quote and the order, and records the use', async () => {
    const promo = await createCode({ discount: { type: 'percentage', percent: 12.5 } });
    const quoted = quoteOf(
      await quote(t.app, {
        items: proCart(),
        country: 'FR',
        promo_code: ` ${promo.code.code.toLowerCase()} `,
      }),
    );
    const subtotal = t.pro.priceCents + t.pro.setupFeeCents;
    const discount = Math.round(subtotal * 0.125);
    expect(quoted).toMatchObject({
      subtotal: (subtotal / 100).toFixed(2),
      discount: (discount / 100).toFixed(2),
      taxable: ((subtotal - discount) / 100).toFixed(2),
    });

    const res = await order(t.alice, promo.code.code.toLowerCase());
    expect(res.statusCode).toBe(201);
    const placed = orderOf(res).order;
    expect(placed).toMatchObject({
      discount: quoted.discount,
      taxable: quoted.taxable,
      tax: quoted.tax,
      total: quoted.total,
      promo_code: promo.code.code,
      lines: pricedLines(quoted.lines),
    });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(stored).toMatchObject({
      promoCode: promo.code.code,
      discountCents: discount,
      taxableCents: subtotal - discount,
    });
    const [redemption] = await t.db
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.orderId, placed.id));
    expect(redemption).toMatchObject({
      promoCodeId: promo.id,
      userId: t.alice.userId,
      discountCents: discount,
    });
  });

  it('says why a code is refused, in French and English, and writes nothing', async () => {
    const expired = await createCode({ ends_at: '2020-01-01T00:00:00Z' });
    const later = await createCode({ starts_at: '2099-01-01T00:00:00Z' });
    const elsewhere = await createCode({ template_ids: [t.agence.id] });
    const cases = [
      ['NO-SUCH-CODE', translateMessage('promo.unknown', 'fr'), 'This promo code does not exist'],
      [expired.code.code, translateMessage('promo.expired', 'fr'), 'This promo code has expired'],
      [later.code.code, null, 'This promo code is not valid yet'],
      [elsewhere.code.code, null, 'This promo code applies to none of the licences in your cart'],
    ] as const;
    const before = await t.db.$count(orders);
    for (const [code, fr, en] of cases) {
      const asked = await quote(t.app, { items: proCart(), country: 'FR', promo_code: code });
      expect(asked.statusCode).toBe(400);
      const frErrors = asked.json<ErrorAnswer>().errors?.promo_code;
      if (fr) expect(frErrors).toEqual([fr]);
      const res = await order(t.alice, code, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(422);
      expect(res.json<ErrorAnswer>().errors).toEqual({ promo_code: [en] });
    }
    expect(await t.db.$count(orders)).toBe(before);
  });

  it('counts the per-customer limit for a signed-in customer, and gives a cancelled order’s use back', async () => {
    const promo = await createCode({ max_uses: 1, max_uses_per_customer: 1 });
    const bob = await buyer(t.app);
    const first = await order(bob, promo.code.code);
    expect(first.statusCode).toBe(201);
    // Used up, for Bob's quote and for anyone's order.
    const asked = await quote(
      t.app,
      { items: proCart(), country: 'FR', promo_code: promo.code.code },
      { who: bob },
    );
    expect(asked.json<ErrorAnswer>().errors?.promo_code).toEqual([
      translateMessage('promo.used_up', 'fr'),
    ]);
    expect((await order(t.alice, promo.code.code)).statusCode).toBe(422);

    const cancelled = await cancelOrder(t.app, bob, orderOf(first).order.id);
    expect(cancelled.statusCode).toBe(200);
    // The cancelled order's redemption stays as history; it no longer counts.
    expect(await redemptionsOf(promo.id)).toBe(1);
    const again = await order(t.alice, promo.code.code);
    expect(again.statusCode).toBe(201);
    expect(await redemptionsOf(promo.id)).toBe(2);
  });

  it('uses a code limited to 5 uses exactly 5 times when 20 orders try it at once', async () => {
    const promo = await createCode({ max_uses: 5 });
    const buyers = await Promise.all([0, 1, 2, 3].map(() => buyer(t.app)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => order(buyers[index % 4]!, promo.code.code)),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    for (const res of results.filter((r) => r.statusCode === 422)) {
      expect(res.json<ErrorAnswer>().errors?.promo_code).toEqual([
        translateMessage('promo.used_up', 'fr'),
      ]);
    }
    expect(await redemptionsOf(promo.id)).toBe(5);
    expect(await t.db.$count(orders, eq(orders.promoCode, promo.code.code))).toBe(5);
  });

  it('stops an address that tries too many unknown codes, even on a real one', async () => {
    const real = await createCode();
    const ip = '203.0.113.77';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const res = await quote(
        t.app,
        { items: proCart(), country: 'FR', promo_code: `GUESS-${attempt}` },
        { ip },
      );
      expect(res.statusCode).toBe(400);
    }
    const blocked = await quote(
      t.app,
      { items: proCart(), country: 'FR', promo_code: real.code.code },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json<ErrorAnswer>().message).toMatch(/^Trop de codes promo inconnus essayés/);
    // Without a code, or from another address, the quote still answers.
    expect((await quote(t.app, { items: proCart(), country: 'FR' }, { ip })).statusCode).toBe(200);
    expect(
      (await quote(t.app, { items: proCart(), country: 'FR', promo_code: real.code.code }))
        .statusCode,
    ).toBe(200);
  });

  it('stops an account that tries too many unknown codes from many addresses', async () => {
    const carol = await buyer(t.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await quote(
        t.app,
        { items: proCart(), country: 'FR', promo_code: `NOPE-${attempt}` },
        { who: carol },
      );
    }
    const real = await createCode();
    const before = await t.db.$count(orders, eq(orders.userId, carol.userId));
    const res = await order(carol, real.code.code);
    expect(res.statusCode).toBe(429);
    expect(await t.db.$count(orders, eq(orders.userId, carol.userId))).toBe(before);
    expect(
      await t.db.$count(
        promoRedemptions,
        and(eq(promoRedemptions.userId, carol.userId), eq(promoRedemptions.promoCodeId, real.id)),
      ),
    ).toBe(0);
  });
});
