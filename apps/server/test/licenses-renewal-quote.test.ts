import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { buyLicences, MY_LICENSES, setLicence, type LicenceAnswer } from './licenses-helpers';
import { buyer, getAs, shopSuite } from './orders-helpers';

/**
 * Renewing by hand shows its amount with VAT before the owner pays (docs/product.md
 * 'Licences' ('Renewal')): the quote is the renewal order's own price, read without writing
 * anything, and another account's licence is unknown.
 */

const t = shopSuite();

interface QuoteAnswer {
  quote: { subtotal: string; tax: string; tax_rate: string; total: string };
}

const quoteUrl = (licenseId: string) => `${MY_LICENSES}/${licenseId}/renew/quote`;

describe('the price of renewing a licence by hand', () => {
  it('answers the renewal order’s amount, VAT included, and places no order', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const licence = licences[0]!;
    const ordersBefore = await t.db.select().from(orders).where(eq(orders.userId, t.alice.userId));

    const res = await getAs(t.app, t.alice, quoteUrl(licence.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { quote } = res.json<QuoteAnswer>();
    const net = t.pro.renewalPriceCents / 100;
    expect(quote).toMatchObject({
      subtotal: net.toFixed(2),
      tax_rate: '20.00',
      tax: (net * 0.2).toFixed(2),
      total: (net * 1.2).toFixed(2),
    });
    const ordersAfter = await t.db.select().from(orders).where(eq(orders.userId, t.alice.userId));
    expect(ordersAfter).toHaveLength(ordersBefore.length);

    // The order the owner then places costs what the quote said.
    const placed = await t.app.inject({
      method: 'POST',
      url: `${MY_LICENSES}/${licence.id}/renew`,
      headers: t.alice.headers,
      payload: { payment_method: 'stripe' },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json<LicenceAnswer>().order).toMatchObject({
      subtotal: quote.subtotal,
      total: quote.total,
    });
  });

  it('answers another account’s licence, an unknown or a malformed id 404, and a signed-out visitor 401', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    const mallory = await buyer(t.app);
    const foreign = await getAs(t.app, mallory, quoteUrl(licences[0]!.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: expect.any(String) as string });
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'nope', "1' OR '1'='1"]) {
      const res = await getAs(t.app, t.alice, quoteUrl(encodeURIComponent(bad)));
      expect([400, 404], `${bad}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await getAs(t.app, null, quoteUrl(licences[0]!.id))).statusCode).toBe(401);
  });

  it('refuses a licence that never expires (422), in the visitor’s language', async () => {
    const { licences } = await buyLicences(t.app, t.db, t.alice, t.pro.id);
    await setLicence(t.db, licences[0]!.id, { expiresAt: null });
    const res = await t.app.inject({
      method: 'GET',
      url: quoteUrl(licences[0]!.id),
      headers: { ...t.alice.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: 'This licence does not renew' });
  });
});
