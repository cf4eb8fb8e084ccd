import { eq } from 'drizzle-orm';
import { ORDER_NUMBER_PATTERN } from '@cadran/domain/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderItems, orders } from '../src/db/schema/orders';
import { bearer } from './auth-helpers';
import {
  billing,
  buyer,
  item,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
  template,
  type Buyer,
} from './orders-helpers';

describe('POST /api/v1/website/orders', () => {
  const t = shopSuite();
  // Validation cases get their own account, so the per-account limit never interferes.
  let checker: Buyer;
  beforeAll(async () => {
    checker = await buyer(t.app);
  });

  const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));

  it('refuses an anonymous visitor with the checkout message, even with a bad body', async () => {
    for (const payload of [orderBody([item(t.pro.id)]), { items: 'nope' }]) {
      const res = await placeOrder(t.app, null, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: 'Vous devez être connecté pour passer commande',
      });
    }
    expect(await t.db.select().from(orders)).toHaveLength(0);
  });

  it('creates the order with amounts from the database, its lines and its first event', async () => {
    const payload = orderBody(
      [
        item(t.agence.id, {
          quantity: 2,
          customizations: {
            primary_domain: 'HTTPS://www.Atelier-Martin.fr/boutique',
            additional_domains_list: ['atelier-martin.com', '', 'blog.atelier-martin.fr'],
            extra_domains: 1,
            extra_installations: 2,
          },
        }),
        item(t.pro.id),
      ],
      { notes: 'Facture au nom de la société, merci.' },
    );
    const res = await placeOrder(t.app, t.alice, payload);
    expect(res.statusCode).toBe(201);
    const body = orderOf(res);

    // Agence monthly: (119.00 + 49.00 setup + 10 + 2 x 5) x 2 = 376.00; Pro annual 490.00.
    const agenceUnit = t.agence.priceCents + t.agence.setupFeeCents + 1000 + 2 * 500;
    const subtotal = agenceUnit * 2 + t.pro.priceCents;
    expect(agenceUnit).toBe(18_800);
    expect(body).toMatchObject({
      success: true,
      payment_url: null,
      message: 'Commande créée avec succès',
      order: {
        status: 'pending',
        payment_status: 'unpaid',
        payment_method: 'bank_transfer',
        currency: 'EUR',
        subtotal: '866.00',
        tax_rate: '20.00',
        tax_amount: '173.20',
        total: '1039.20',
        notes: 'Facture au nom de la société, merci.',
        billing_address: billing(),
      },
    });
    expect(subtotal).toBe(86_600);
    expect(body.order.order_number).toMatch(ORDER_NUMBER_PATTERN);
    expect(body.order.items).toEqual([
      {
        id: expect.any(String) as string,
        template: {
          id: t.agence.id,
          name: t.agence.name,
          description: expect.any(String) as string,
          domain_limit: 10,
          installation_limit: 10,
          update_permissions: 1,
        },
        quantity: 2,
        unit_price: '188.00',
        total_price: '376.00',
        customizations: {
          primary_domain: 'atelier-martin.fr',
          additional_domains_list: ['atelier-martin.com', 'blog.atelier-martin.fr'],
          extra_domains: 1,
          extra_installations: 2,
        },
      },
      expect.objectContaining({ quantity: 1, unit_price: '490.00', total_price: '490.00' }),
    ]);

    const [stored] = await t.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(stored).toMatchObject({
      userId: t.alice.userId,
      subtotalCents: 86_600,
      taxRateBasisPoints: 2000,
      taxCents: 17_320,
      totalCents: 103_920,
      locale: 'fr',
      idempotencyKey: null,
    });
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, body.order.id));
    expect(
      lines.map((line) => [line.position, line.templateId, line.totalPriceCents]).sort(),
    ).toEqual([
      [0, t.agence.id, 37_600],
      [1, t.pro.id, 49_000],
    ]);
    expect(lines.find((line) => line.position === 0)?.templateSnapshot).toMatchObject({
      id: t.agence.id,
      price_cents: t.agence.priceCents,
      setup_fee_cents: t.agence.setupFeeCents,
      domain_limit: 10,
    });
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, body.order.id));
    expect(events).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'pending',
        paymentStatus: 'unpaid',
        reason: 'created',
        createdAt: expect.any(Date) as Date,
      }),
    ]);
  });

  it('ignores every amount the client sends (price tampering)', async () => {
    const tampered = orderBody(
      [
        {
          ...item(t.pro.id, { quantity: 1 }),
          price: '0.01',
          unit_price: '0.01',
          total_price: '0.01',
          subtotal: 0,
          template: { id: t.pro.id, price: '0.01', setup_fee: '0.00' },
          customizations: {
            primary_domain: 'exemple.fr',
            additional_domains_list: [],
            extra_domains: 0,
            extra_installations: 0,
            price: 0,
          },
        },
      ],
      { subtotal: '0.01', tax_amount: '0.00', tax_rate: 0, total: '0.01', currency: 'USD' },
    );
    const res = await placeOrder(t.app, t.alice, tampered);
    expect(res.statusCode).toBe(201);
    const { order } = orderOf(res);
    expect(order).toMatchObject({ subtotal: '490.00', tax_amount: '98.00', total: '588.00' });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.totalCents).toBe(58_800);
    expect(stored?.currency).toBe('EUR');
  });

  it('refuses an unknown or retired template with a field error, writing nothing', async () => {
    const solo = await template(t.db, 'solo-annually');
    const before = (await ordersOf(t.alice.userId)).length;
    for (const id of [solo.id, 999_999]) {
      const res = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id), item(id)]));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        message: 'Cette licence n’est plus disponible',
        errors: { 'items.1.template_id': ['Cette licence n’est plus disponible'] },
      });
    }
    expect(await ordersOf(t.alice.userId)).toHaveLength(before);
  });

  it('allows at most domain_limit - 1 additional domains', async () => {
    const withDomains = (templateId: number, primary: string, additional: string[]) =>
      placeOrder(
        t.app,
        t.alice,
        orderBody([
          item(templateId, {
            customizations: { primary_domain: primary, additional_domains_list: additional },
          }),
        ]),
      );
    const starter = await template(t.db, 'starter-monthly');
    const one = await withDomains(starter.id, 'solo.fr', ['autre.fr']);
    expect(one.statusCode).toBe(422);
    expect(one.json()).toMatchObject({
      errors: {
        'items.0.customizations.additional_domains_list': [
          'Trop de domaines supplémentaires pour cette licence',
        ],
      },
    });
    // Pro covers 3 domains: the primary one and two more (a repeat of the primary is dropped).
    const ok = await withDomains(t.pro.id, 'un.fr', ['deux.fr', 'un.fr', 'trois.fr']);
    expect(ok.statusCode).toBe(201);
    expect(orderOf(ok).order.items[0]?.customizations.additional_domains_list).toEqual([
      'deux.fr',
      'trois.fr',
    ]);
    const tooMany = await withDomains(t.pro.id, 'un.fr', ['deux.fr', 'trois.fr', 'quatre.fr']);
    expect(tooMany.statusCode).toBe(422);
  });

  it.each([
    ['fr', '', 'Le domaine principal est requis'],
    ['fr', 'pas un domaine', 'Le domaine principal n’est pas valide'],
    ['fr', 'exemple.fr:8080', 'Le domaine principal n’est pas valide'],
    ['fr', '-exemple.fr', 'Le domaine principal n’est pas valide'],
    ['fr', 'exemple.f', 'Le domaine principal n’est pas valide'],
    ['en', 'localhost', 'Primary domain is not valid'],
  ])('refuses the primary domain %s "%s" with its message', async (lang, domain, message) => {
    const res = await placeOrder(
      t.app,
      checker,
      orderBody([item(t.pro.id, { customizations: { primary_domain: domain } })]),
      { 'accept-language': lang },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'items.0.customizations.primary_domain': [message],
    });
  });

  it('refuses an invalid additional domain at its index, ignoring empty ones', async () => {
    const res = await placeOrder(
      t.app,
      checker,
      orderBody([
        item(t.pro.id, {
          customizations: {
            primary_domain: 'exemple.fr',
            additional_domains_list: ['', 'http://bad_domain.fr'],
          },
        }),
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'items.0.customizations.additional_domains_list.1': [
        'Un domaine supplémentaire n’est pas valide',
      ],
    });
  });

  it.each([
    ['extras above 10', { extra_domains: 11 }, 'items.0.customizations.extra_domains'],
    ['negative extras', { extra_installations: -1 }, 'items.0.customizations.extra_installations'],
  ])('refuses %s', async (_label, extras, field) => {
    const res = await placeOrder(
      t.app,
      checker,
      orderBody([item(t.pro.id, { customizations: { primary_domain: 'exemple.fr', ...extras } })]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      [field]: ['La valeur doit être comprise entre 0 et 10'],
    });
  });

  it.each([
    ['a quantity of 0', orderBody([item(1, { quantity: 0 })]), 'items.0.quantity'],
    [
      'an unknown payment method',
      orderBody([item(1)], { payment_method: 'bitcoin' }),
      'payment_method',
    ],
    ['no items', orderBody([]), 'items'],
    [
      'a country ISO has not assigned',
      orderBody([item(1)], { billing_address: billing({ country: 'XK' }) }),
      'billing_address.country',
    ],
    [
      'a billing address without city',
      orderBody([item(1)], { billing_address: billing({ city: ' ' }) }),
      'billing_address.city',
    ],
  ])('refuses %s with a field error', async (_label, payload, field) => {
    const res = await placeOrder(t.app, checker, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ success: boolean; errors: Record<string, string[]> }>();
    expect(body.success).toBe(false);
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it('answers in English, names included, for an English reader', async () => {
    const res = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]), {
      'accept-language': 'en-GB,en;q=0.9',
    });
    expect(res.statusCode).toBe(201);
    const body = orderOf(res);
    expect(body.message).toBe('Order created successfully');
    expect(body.order.items[0]?.template.name).toBe(t.pro.nameEn);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(stored?.locale).toBe('en');
  });

  it('gives order numbers that cannot be guessed in sequence', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const res = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]));
      numbers.add(orderOf(res).order.order_number);
    }
    expect(numbers.size).toBe(4);
    for (const number of numbers) expect(number).toMatch(ORDER_NUMBER_PATTERN);
  });

  it('refuses a cookie POST from another origin (CSRF) and writes nothing', async () => {
    const before = (await ordersOf(t.alice.userId)).length;
    const res = await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]), {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: 'Requête refusée : origine non autorisée',
    });
    expect(await ordersOf(t.alice.userId)).toHaveLength(before);
  });

  it('accepts the bearer token without a cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/website/orders',
      headers: bearer(t.alice.token),
      payload: orderBody([item(t.pro.id)]),
    });
    expect(res.statusCode).toBe(201);
  });

  it('limits order attempts per account (429 with Retry-After)', async () => {
    const bob = await buyer(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await placeOrder(t.app, bob, { items: [] })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    const last = await placeOrder(t.app, bob, orderBody([item(t.pro.id)]));
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ordersOf(bob.userId)).toHaveLength(0);
    // Another account is not affected.
    expect((await placeOrder(t.app, t.alice, orderBody([item(t.pro.id)]))).statusCode).toBe(201);
  });
});
