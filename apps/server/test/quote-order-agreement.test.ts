import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { PromoCodeCreateSchema } from '@cadran/domain/promo-codes';
import { describe, expect, it } from 'vitest';
import { licenseTemplates } from '../src/db/schema/catalog';
import { PromoRepository } from '../src/modules/orders/promo-repository';
import { billing, buyer, orderBody, orderOf, placeOrder, shopSuite } from './orders-helpers';
import { pricedLines, quote, quoteOf } from './quote-helpers';

/*
 * The quote is the order's price (docs/decisions/014-vies-and-promo-redemptions.md): for carts
 * generated over the seeded templates, extras, billing countries and promo codes, the order
 * placed with the quote's request costs what the quote said, line by line.
 */
describe('the quote prices the order', () => {
  const t = shopSuite();

  it('gives every generated cart the same lines, discount, tax and total as its order', async () => {
    const active = await t.db
      .select({ id: licenseTemplates.id, domainLimit: licenseTemplates.domainLimit })
      .from(licenseTemplates)
      .where(eq(licenseTemplates.isActive, true));
    const promos = new PromoRepository(t.db);
    for (const input of [
      { code: 'PROP-PCT', discount: { type: 'percentage', percent: 17.5 } },
      { code: 'PROP-FIX', discount: { type: 'fixed', amount: '33.33' } },
    ]) {
      await promos.create(PromoCodeCreateSchema.parse(input));
    }
    // A buyer of its own: the property places up to numRuns orders (limit 30 per account).
    const who = await buyer(t.app);

    const line = fc.record({
      template: fc.constantFrom(...active),
      quantity: fc.integer({ min: 1, max: 4 }),
      extraDomains: fc.integer({ min: 0, max: 3 }),
      extraInstallations: fc.integer({ min: 0, max: 3 }),
    });
    const cart = fc.record({
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
      country: fc.constantFrom('FR', 'MC', 'DE', 'HU', 'FI', 'US', 'JP', 'CH', 'RE'),
      promo: fc.constantFrom('', 'PROP-PCT', 'PROP-FIX'),
    });

    await fc.assert(
      fc.asyncProperty(cart, async ({ lines, country, promo }) => {
        const items = lines.map((l, index) => ({
          template_id: l.template.id,
          quantity: l.quantity,
          customizations: {
            primary_domain: `site-${index}.exemple.fr`,
            additional_domains_list: [],
            extra_domains: l.extraDomains,
            extra_installations: l.extraInstallations,
          },
        }));
        const asked = await quote(t.app, { items, country, promo_code: promo }, { who });
        expect(asked.statusCode).toBe(200);
        const quoted = quoteOf(asked);
        const placed = await placeOrder(
          t.app,
          who,
          orderBody(items, { billing_address: billing({ country }), promo_code: promo }),
        );
        expect(placed.statusCode).toBe(201);
        const { order } = orderOf(placed);
        expect({
          lines: order.lines,
          subtotal: order.subtotal,
          discount: order.discount,
          taxable: order.taxable,
          tax: order.tax,
          tax_rate: order.tax_rate,
          reverse_charge: order.reverse_charge,
          total: order.total,
        }).toEqual({
          lines: pricedLines(quoted.lines),
          subtotal: quoted.subtotal,
          discount: quoted.discount,
          taxable: quoted.taxable,
          tax: quoted.tax,
          tax_rate: quoted.tax_rate,
          reverse_charge: quoted.reverse_charge,
          total: quoted.total,
        });
        expect(order.tax_amount).toBe(quoted.tax);
      }),
      { numRuns: 20, seed: 2026 },
    );
  }, 120_000);
});
