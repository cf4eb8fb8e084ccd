import { eq } from 'drizzle-orm';
import { translateMessage } from '@cadran/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { QUOTE_RATE_LIMIT } from '../src/modules/checkout/quote-routes';
import { vatNumberChecks } from '../src/db/schema/promo-codes';
import {
  billing,
  item,
  openShop,
  orderBody,
  orderOf,
  placeOrder,
  type Shop,
} from './orders-helpers';
import { quote, quoteOf, type ErrorAnswer } from './quote-helpers';
import { ViesStandIn } from './vies-stand-in';

/*
 * POST /api/v1/website/quote and the order's VAT number (docs/decisions/014-vies-and-promo-redemptions.md):
 * the tax treatment of the billing country, the reverse charge only for a number VIES confirmed,
 * VIES down or slow never an error to the buyer.
 */
describe('quote and VAT numbers with VIES', () => {
  const vies = new ViesStandIn();
  let t: Shop;
  beforeAll(async () => {
    await vies.start();
    vies
      .set('DE136695976', 'valid')
      .set('BE0403019261', 'invalid')
      .set('IT00743110157', 'down')
      .set('ES' + 'B58378431', 'slow');
    t = await openShop({ env: vies.env() });
  });
  afterAll(async () => {
    await t?.close();
    await vies.close();
  });

  const cart = () => [item(t.pro.id, { quantity: 2 })];
  const ask = (country: string, vatNumber = '', promo = '') =>
    quote(t.app, { items: cart(), country, vat_number: vatNumber, promo_code: promo });

  it('prices a French cart with French VAT, for a visitor not signed in', async () => {
    const res = await ask('FR');
    expect(res.statusCode).toBe(200);
    const subtotal = t.pro.priceCents * 2 + t.pro.setupFeeCents * 2;
    const answer = quoteOf(res);
    expect(answer).toMatchObject({
      subtotal: (subtotal / 100).toFixed(2),
      discount: '0.00',
      taxable: (subtotal / 100).toFixed(2),
      tax_rate: '20.00',
      reverse_charge: false,
    });
    expect(answer.lines).toEqual([
      expect.objectContaining({ template_id: t.pro.id, quantity: 2, billing_cycle: 'annually' }),
    ]);
    expect(answer.mention).toBeUndefined();
  });

  it('says the period a payment covers, the renewal date and the renewal price of each line', async () => {
    const before = new Date();
    const answer = quoteOf(await ask('FR'));
    const after = new Date();
    const [line] = answer.lines;
    // The period starts with the payment: today, as the server's clock has it.
    expect([before, after].map((d) => d.toISOString().slice(0, 10))).toContain(line?.period_start);
    const start = new Date(`${line?.period_start}T00:00:00Z`);
    const year = new Date(start);
    year.setUTCFullYear(start.getUTCFullYear() + 1);
    // Pro is sold by the year: it renews a year later, at its renewal price, twice.
    expect(line?.renews_on).toBe(year.toISOString().slice(0, 10));
    expect(line?.renewal_price).toBe(((t.pro.renewalPriceCents * 2) / 100).toFixed(2));
    expect(answer).toMatchObject({ tax_kind: 'domestic', vat_number_status: 'none' });
  });

  it('gives an export no VAT and its mention in the visitor’s language', async () => {
    const fr = quoteOf(await ask('JP'));
    expect(fr).toMatchObject({
      tax: '0.00',
      tax_rate: '0.00',
      reverse_charge: false,
      tax_kind: 'export',
    });
    expect(fr.mention).toBe('TVA non applicable — article 259-1 du CGI');
    const en = quoteOf(
      await quote(
        t.app,
        { items: cart(), country: 'JP' },
        { headers: { 'accept-language': 'en' } },
      ),
    );
    expect(en.mention).toBe('VAT not applicable — article 259-1 of the French General Tax Code');
  });

  it('refuses a malformed number, or one of another country, as a 400 on vat_number', async () => {
    for (const [country, number, key] of [
      ['DE', 'DE12345', 'vat_number.invalid_format'],
      ['DE', 'DE136695977', 'vat_number.invalid_checksum'],
      ['FR', 'DE136695976', 'vat_number.country_mismatch'],
    ] as const) {
      const res = await ask(country, number);
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorAnswer>();
      expect(Object.keys(body.errors ?? {})).toEqual(['vat_number']);
      expect(body.errors?.vat_number).toEqual([translateMessage(key, 'fr')]);
    }
    expect(vies.requests).toHaveLength(0);
  });

  it('applies the reverse charge for a number VIES confirms, and asks VIES once a day', async () => {
    const first = quoteOf(await ask('DE', 'DE 136 695 976'));
    expect(first).toMatchObject({
      tax: '0.00',
      tax_rate: '0.00',
      reverse_charge: true,
      tax_kind: 'reverse_charge',
      vat_number_status: 'verified',
    });
    expect(first.mention).toBe('Autoliquidation — article 196 de la directive 2006/112/CE');
    // Typed again, and again in an order: the kept answer serves.
    const again = quoteOf(await ask('DE', '136695976'));
    expect(again.reverse_charge).toBe(true);
    expect(vies.requestsFor('DE136695976')).toBe(1);
    const [kept] = await t.db
      .select()
      .from(vatNumberChecks)
      .where(eq(vatNumberChecks.vatNumber, 'DE136695976'));
    expect(kept).toMatchObject({ status: 'verified' });
    expect(kept?.consultationNumber).toMatch(/^WAPI/);

    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody(cart(), {
        billing_address: billing({ country: 'DE', vat_number: 'DE136695976' }),
      }),
    );
    expect(res.statusCode).toBe(201);
    const { order } = orderOf(res);
    expect(order).toMatchObject({
      tax_amount: '0.00',
      reverse_charge: true,
      tax_kind: 'reverse_charge',
      vat_number_status: 'verified',
      total: first.total,
    });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({
      vatNumber: 'DE136695976',
      vatNumberStatus: 'verified',
      reverseCharge: true,
      taxKind: 'reverse_charge',
      taxMentionKey: 'tax.mention.reverse_charge',
      taxCents: 0,
      vatConsultationNumber: kept?.consultationNumber,
    });
    expect(vies.requestsFor('DE136695976')).toBe(1);
  });

  it('refuses a number VIES does not know, in the visitor’s language, and writes no order', async () => {
    const fr = await ask('BE', 'BE0403019261');
    expect(fr.statusCode).toBe(400);
    expect(fr.json<ErrorAnswer>().errors?.vat_number).toEqual([
      'Le système VIES ne connaît pas ce numéro de TVA : vérifiez-le, ou laissez le champ vide pour payer la TVA',
    ]);
    const before = await t.db.$count(orders);
    const res = await placeOrder(
      t.app,
      t.alice,
      orderBody(cart(), {
        billing_address: billing({ country: 'BE', vat_number: 'BE0403019261' }),
      }),
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorAnswer>().errors?.['billing_address.vat_number']).toEqual([
      'The VIES system does not know this VAT number: check it, or leave the field empty to pay VAT',
    ]);
    expect(await t.db.$count(orders)).toBe(before);
  });

  it.each([
    // A member state answered down is asked again by the order; one that timed out is left
    // alone for a minute, so the order that follows the quote does not wait again.
    ['down', 'IT', 'IT00743110157', '22.00', 2],
    ['slow', 'ES', 'ESB58378431', '21.00', 1],
  ])(
    'records a number as format-checked when VIES is %s: the consumer rate, never an error',
    async (_fate, country, number, rate, viesRequests) => {
      const started = Date.now();
      const answer = quoteOf(await ask(country, number));
      expect(answer).toMatchObject({ tax_rate: rate, reverse_charge: false });
      // The client's 300 ms time-out, not the stand-in's 3 s.
      expect(Date.now() - started).toBeLessThan(2_500);
      const res = await placeOrder(
        t.app,
        t.alice,
        orderBody(cart(), { billing_address: billing({ country, vat_number: number }) }),
      );
      expect(res.statusCode).toBe(201);
      expect(orderOf(res).order).toMatchObject({
        vat_number_status: 'format_checked',
        tax_kind: 'eu_consumer',
        reverse_charge: false,
        total: answer.total,
      });
      const [stored] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.id, orderOf(res).order.id));
      expect(stored).toMatchObject({ vatNumber: number, vatNumberStatus: 'format_checked' });
      // A failure is never kept: the next quote asks again.
      expect(await t.db.$count(vatNumberChecks, eq(vatNumberChecks.vatNumber, number))).toBe(0);
      expect(vies.requestsFor(number)).toBe(viesRequests);
    },
  );

  it('limits quotes per address (429 with Retry-After)', async () => {
    const ip = '198.51.100.42';
    const body = { items: cart(), country: 'FR' };
    for (let attempt = 0; attempt < QUOTE_RATE_LIMIT.max; attempt += 1) {
      expect((await quote(t.app, body, { ip })).statusCode).toBe(200);
    }
    const refused = await quote(t.app, body, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not concerned.
    expect((await quote(t.app, body)).statusCode).toBe(200);
  });

  it('refuses an unknown template in the quote as on the order', async () => {
    const res = await quote(t.app, { items: [item(999_999)], country: 'FR' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorAnswer>().errors ?? {})).toEqual(['items.0.template_id']);
  });
});
