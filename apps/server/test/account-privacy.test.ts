import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema/contact';
import { newsletterSubscribers } from '../src/db/schema/newsletter';
import { orders } from '../src/db/schema/orders';
import { roadmapItems, roadmapVotes } from '../src/db/schema/roadmap';
import { sessions, users } from '../src/db/schema/users';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-accounts';
import { ACCOUNT, mailsTo, me, member, send, type Member } from './account-helpers';
import { login, sessionCookie } from './auth-helpers';
import { suiteFixture } from './helper';
import { item, openShop, orderBody, placeOrder } from './orders-helpers';

/** Export and deletion (docs/product.md 'Accounts and sessions' ('Export and deletion')). */
describe('account export and deletion', () => {
  const t = suiteFixture(() => openShop());

  /** An account with an order, a roadmap vote, a newsletter row and a contact message. */
  async function withHistory(): Promise<Member & { orderNumber: string }> {
    const owner = await member(t.app);
    const order = await placeOrder(t.app, owner, orderBody([item(t.pro.id)]));
    if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
    const [roadmapItem] = await t.db.select({ id: roadmapItems.id }).from(roadmapItems).limit(1);
    await t.db.insert(roadmapVotes).values({ itemId: roadmapItem!.id, userId: owner.userId });
    await t.db.insert(newsletterSubscribers).values({ email: owner.email, status: 'confirmed' });
    await t.db.insert(contactMessages).values({
      name: 'Camille Martin',
      email: owner.email.toUpperCase(),
      subject: 'support',
      message: 'Ma licence ne s’active pas sur mon domaine.',
      ip: '203.0.113.9',
    });
    return {
      ...owner,
      orderNumber: order.json<{ order: { order_number: string } }>().order.order_number,
    };
  }

  it('exports everything held about the caller, and nothing of anyone else', async () => {
    const alice = await withHistory();
    const bob = await withHistory();
    const res = await send(t.app, 'GET', `${ACCOUNT}/export`, alice.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="cadran-account-export.json"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<Record<string, unknown[] | Record<string, unknown>>>();
    expect(data.account).toMatchObject({ id: alice.userId, email: alice.email });
    expect(data.orders).toHaveLength(1);
    expect(data.orders).toEqual([
      expect.objectContaining({
        orderNumber: alice.orderNumber,
        items: [expect.any(Object)],
        events: [expect.any(Object)],
        payments: [expect.any(Object)],
      }),
    ]);
    expect(data.roadmap_votes).toHaveLength(1);
    expect(data.newsletter).toEqual([expect.objectContaining({ status: 'confirmed' })]);
    expect(data.contact_messages).toEqual([
      expect.objectContaining({ message: 'Ma licence ne s’active pas sur mon domaine.' }),
    ]);
    expect(data.sessions).toHaveLength(1);
    const text = res.body;
    for (const foreign of [bob.email, bob.userId, bob.orderNumber])
      expect(text).not.toContain(foreign);
    for (const secret of ['passwordHash', 'argon2', 'tokenHash', 'paymentUrl', alice.token]) {
      expect(text).not.toContain(secret);
    }
  });

  it('deletes the account: data erased or anonymised, orders kept, sessions over', async () => {
    const alice = await withHistory();
    const laptop = (await login(t.app, { email: alice.email, password: alice.password })).json<{
      token: string;
    }>().token;
    const wrong = await send(t.app, 'POST', `${ACCOUNT}/delete`, alice.headers, {
      password: 'Pas-le-bon-mot-2024',
    });
    expect(wrong.statusCode).toBe(403);

    const res = await send(t.app, 'POST', `${ACCOUNT}/delete`, alice.headers, {
      password: alice.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((cookie) => cookie.name === 'cadran_session')?.value).toBe('');
    for (const token of [alice.token, laptop])
      expect((await me(t.app, token)).statusCode).toBe(401);
    expect((await login(t.app, { email: alice.email, password: alice.password })).statusCode).toBe(
      401,
    );

    const [row] = await t.db.select().from(users).where(eq(users.id, alice.userId));
    expect(row).toMatchObject({
      email: `deleted-${alice.userId}@deleted.invalid`,
      firstName: '',
      phone: '',
      company: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, alice.userId))).toEqual([]);
    expect(
      await t.db.select().from(roadmapVotes).where(eq(roadmapVotes.userId, alice.userId)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, alice.email)),
    ).toEqual([]);
    const contact = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.ip, '203.0.113.9'));
    expect(JSON.stringify(contact)).not.toContain(alice.email);
    // The order stays, with the billing identity its invoice needs.
    const kept = await t.db.select().from(orders).where(eq(orders.orderNumber, alice.orderNumber));
    expect(kept).toHaveLength(1);
    expect(await mailsTo(t.db, alice.email, 'account_deleted')).toHaveLength(1);
  });

  it('refuses a staff account and a request from another site', async () => {
    const email = `staff.${Date.now()}@cadran.fr`;
    await createOrPromoteAdmin(t.db, { email, password: 'Cadran-Admin-Secret-2024' });
    const admin = (await login(t.app, { email, password: 'Cadran-Admin-Secret-2024' })).json<{
      token: string;
    }>().token;
    const staff = await send(
      t.app,
      'POST',
      `${ACCOUNT}/delete`,
      {
        ...sessionCookie(admin),
        origin: t.app.config.publicUrl,
        'content-type': 'application/json',
      },
      { password: 'Cadran-Admin-Secret-2024' },
    );
    expect(staff.statusCode).toBe(403);

    const alice = await member(t.app);
    const forged = await send(
      t.app,
      'POST',
      `${ACCOUNT}/delete`,
      {
        ...sessionCookie(alice.token),
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      { password: alice.password },
    );
    expect(forged.statusCode).toBe(403);
    expect((await me(t.app, alice.token)).statusCode).toBe(200);
  });
});
