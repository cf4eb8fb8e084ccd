import {
  ManualOrderCreateResponseSchema,
  ManualOrderQuoteResponseSchema,
} from '@cadran/domain/staff-manual-order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { users } from '../src/db/schema/users';
import { buyer, item, openShop, type Buyer, type Shop } from './orders-helpers';
import { eventsOf, mailsAfterInstructions, mailsTo, orderRow } from './payments-helpers';
import { adminPost, auditOf, BANK_ENV, signedInStaff } from './staff-helpers';
import { ViesStandIn } from './vies-stand-in';

/*
 * Staff place an order for a customer by hand (docs/product.md 'Back office'): the checkout's
 * own quote with the VAT of the customer's profile, then the order with a payment link or the
 * bank details e-mailed to the customer's account; audited, administrators only, and nothing
 * written for a refused request.
 */
describe('staff place an order for a customer', () => {
  const vies = new ViesStandIn();
  let t: Shop;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  let support: Record<string, string>;
  let belgian: Buyer;

  beforeAll(async () => {
    await vies.start();
    vies.set('BE0403170701', 'valid');
    t = await openShop({ env: { ...BANK_ENV, ...vies.env() } });
    admin = await signedInStaff(t.app, t.db, 'admin');
    support = (await signedInStaff(t.app, t.db, 'support')).headers;
    belgian = await buyer(t.app);
    // A Belgian company whose profile carries its VAT number, writing in English.
    await t.db
      .update(users)
      .set({
        country: 'BE',
        city: 'Bruxelles',
        postalCode: '1000',
        company: 'Horlogerie Dumont SPRL',
        vatNumber: 'BE0403170701',
        locale: 'en',
      })
      .where(eq(users.id, belgian.userId));
  });
  afterAll(async () => {
    await t?.close();
    await vies.close();
  });

  const quote = (body: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
    adminPost(t.app, '/orders/manual/quote', headers, body);
  const place = (body: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
    adminPost(t.app, '/orders/manual', headers, body);
  const orderCount = () => t.db.$count(orders);

  it('quotes as the customer’s checkout would: French VAT for a French consumer, reverse charge for a confirmed Belgian company', async () => {
    const french = await quote({
      customer: t.alice.email.toUpperCase(),
      items: [item(t.pro.id, { quantity: 2 })],
      promo_code: '',
    });
    expect(french.statusCode, french.body).toBe(200);
    const answer = ManualOrderQuoteResponseSchema.parse(french.json());
    expect(answer.customer).toMatchObject({ id: t.alice.userId, country: 'FR', vat_number: null });
    expect(answer.quote.lines[0]).toMatchObject({ template_id: t.pro.id, quantity: 2 });
    expect(answer.quote.tax_rate).toBe('20.00');
    expect(Number(answer.quote.tax)).toBeGreaterThan(0);

    // The website's quote for the same cart and country answers the same figures.
    const website = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/quote',
      payload: { items: [item(t.pro.id, { quantity: 2 })], country: 'FR', vat_number: '' },
    });
    expect(website.json<{ quote: { total: string } }>().quote.total).toBe(answer.quote.total);

    const company = await quote({ customer: belgian.userId, items: [item(t.pro.id)] });
    expect(company.statusCode, company.body).toBe(200);
    const reverse = ManualOrderQuoteResponseSchema.parse(company.json()).quote;
    expect(reverse).toMatchObject({
      reverse_charge: true,
      tax: '0.00',
      vat_number_status: 'verified',
    });
  });

  it('places a card order: the payment link e-mailed to the account, the history and the audit naming the staff member; a retry answers the same order', async () => {
    const body = {
      customer: belgian.email,
      items: [item(t.pro.id, { quantity: 3 })],
      payment_method: 'stripe',
      notes: 'Commande passée par téléphone',
    };
    const quoted = ManualOrderQuoteResponseSchema.parse(
      (await quote({ customer: body.customer, items: body.items })).json(),
    ).quote;
    const headers = { ...admin.headers, 'idempotency-key': 'manual-order-1' };
    const res = await place(body, headers);
    expect(res.statusCode, res.body).toBe(201);
    const answer = ManualOrderCreateResponseSchema.parse(res.json());
    expect(answer.message).toBe(
      `Commande ${answer.order.order_number} créée : lien de paiement envoyé à ${belgian.email}`,
    );
    expect(answer.payment_url).toMatch(/\/store\/pay\/sandbox\//);

    const order = await orderRow(t.db, answer.order.id);
    expect(order).toMatchObject({
      userId: belgian.userId,
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'stripe',
      locale: 'en',
      vatNumber: 'BE0403170701',
      vatNumberStatus: 'verified',
      taxCents: 0,
      notes: 'Commande passée par téléphone',
    });
    expect((order!.totalCents / 100).toFixed(2)).toBe(quoted.total);
    expect((await eventsOf(t.db, order!.id)).map((event) => event.reason)).toEqual([
      `created by staff (${admin.email})`,
    ]);
    const [entry, ...more] = await auditOf(t.db, order!.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ action: 'order.create_manual', actorEmail: admin.email });
    expect(entry?.after).toMatchObject({
      order_number: order!.orderNumber,
      customer: belgian.email,
      total: order!.totalCents,
    });

    // The link, absolute, in the customer's language, to the account's own address.
    const links = (await mailsTo(t.db, belgian.email)).filter((m) => m.kind === 'payment_link');
    expect(links).toHaveLength(1);
    expect(links[0]?.subject).toBe(`Order ${order!.orderNumber}: your payment link`);
    expect(links[0]?.textBody).toContain(`${t.app.config.publicUrl}${answer.payment_url}`);

    // The same request again (a double click): the same order, nothing sent or audited again.
    const again = await place(body, headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(ManualOrderCreateResponseSchema.parse(again.json()).order.id).toBe(order!.id);
    // Compared by id: the mail worker may have delivered the first one meanwhile.
    const linksAgain = (await mailsTo(t.db, belgian.email)).filter(
      (m) => m.kind === 'payment_link',
    );
    expect(linksAgain.map((mail) => mail.id)).toEqual(links.map((mail) => mail.id));
    expect(await auditOf(t.db, order!.id)).toHaveLength(1);
  });

  it('opens a bank transfer with the bank details e-mailed, and applies a promo code', async () => {
    const promo = await adminPost(t.app, '/promo-codes', admin.headers, {
      code: 'TELEPHONE10',
      discount: { type: 'percentage', percent: 10 },
    });
    expect(promo.statusCode, promo.body).toBe(201);
    const res = await place({
      customer: t.alice.userId,
      items: [item(t.agence.id)],
      payment_method: 'bank_transfer',
      promo_code: 'telephone10',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = ManualOrderCreateResponseSchema.parse(res.json());
    expect(answer.payment_url).toBeNull();
    expect(answer.message).toBe(
      `Commande ${answer.order.order_number} créée : coordonnées bancaires envoyées à ${t.alice.email}`,
    );
    const order = await orderRow(t.db, answer.order.id);
    expect(order).toMatchObject({ promoCode: 'TELEPHONE10', paymentMethod: 'bank_transfer' });
    expect(order!.discountCents).toBeGreaterThan(0);
    const mails = await mailsAfterInstructions(t, t.alice.email);
    const instructions = mails.filter(
      (mail) => mail.kind === 'transfer_instructions' && mail.textBody.includes(order!.orderNumber),
    );
    expect(instructions).toHaveLength(1);
    expect(instructions[0]?.textBody).toContain(BANK_ENV.BANK_IBAN);
  });

  it('refuses support staff, clients and visitors, writing nothing', async () => {
    const before = await orderCount();
    const body = { customer: t.alice.email, items: [item(t.pro.id)], payment_method: 'stripe' };
    expect((await quote(body, support)).statusCode).toBe(403);
    expect((await place(body, support)).statusCode).toBe(403);
    expect((await place(body, t.alice.headers)).statusCode).toBe(403);
    expect((await place(body, {})).statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
  });

  it('refuses an unknown customer, a bad template, a negative quantity, an unknown code and a locked account in the reader’s language, writing nothing', async () => {
    const before = await orderCount();
    const base = { customer: t.alice.email, items: [item(t.pro.id)], payment_method: 'stripe' };

    const unknown = await place({ ...base, customer: 'nobody@example.org' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(
      'Aucun compte client n’a cette adresse',
    );
    expect(
      (await place({ ...base, customer: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    // A staff account is not a customer.
    expect((await quote({ ...base, customer: admin.email })).statusCode).toBe(404);
    expect((await place({ ...base, customer: '' })).statusCode).toBe(400);

    const badTemplate = await place({ ...base, items: [item(999_999)] });
    expect(badTemplate.statusCode).toBe(400);
    expect(Object.keys(badTemplate.json<{ errors: object }>().errors)).toContain(
      'items.0.template_id',
    );
    expect((await place({ ...base, items: [item(t.pro.id, { quantity: -1 })] })).statusCode).toBe(
      400,
    );
    expect((await place({ ...base, items: [item(t.pro.id, { quantity: 0 })] })).statusCode).toBe(
      400,
    );
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/manual',
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { ...base, promo_code: 'NOPE2026' },
    });
    expect(english.statusCode).toBe(400);
    expect(english.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(
      'promo_code',
    );
    expect((await place({ ...base, payment_method: 'cheque' })).statusCode).toBe(400);

    const locked = await buyer(t.app);
    await adminPost(t.app, `/customers/${locked.userId}/lock`, admin.headers, {
      reason: 'Impayés',
    });
    const refused = await place({ ...base, customer: locked.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Ce compte est verrouillé : déverrouillez-le avant de lui passer une commande',
    );
    expect(await orderCount()).toBe(before);
  });
});
