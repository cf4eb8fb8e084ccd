import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { methodSetups, savedPaymentMethods } from '../src/db/schema/saved-methods';
import { MY_LICENSES, movableClock } from './licenses-helpers';
import { buyer, item, orderBody, orderOf, placeOrder, shopSuite, template } from './orders-helpers';
import { mailsTo, PAYMENTS, sandboxIdOf } from './payments-helpers';
import {
  DAY,
  buyRenewing,
  invoicesOfOrder,
  licenceNow,
  runAsOf,
  termsOf,
  savedMethodOf,
} from './renewals-helpers';
import { signedInStaff } from './staff-helpers';

/**
 * Saving a new method for a licence's renewals (docs/product.md 'Licences' ('Automatic
 * renewal')): the owner asks where, saves a test card on the sandbox's page, and a term whose
 * charge was failing is charged on the new card by the next run. Another account's licence or
 * setup is unknown to them.
 */

const clock = movableClock();
const t = shopSuite({ now: clock.now });
const SETUPS = '/api/v1/website/payment-methods/sandbox';

type Who = Awaited<ReturnType<typeof buyer>>;
const askSetup = (who: Who, licenceId: string, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: `${MY_LICENSES}/${licenceId}/payment-method`,
    headers: { ...who.headers, 'accept-language': lang },
    payload: {},
  });
const readSetup = (who: Who, setupId: string) =>
  t.app.inject({ method: 'GET', url: `${SETUPS}/${setupId}`, headers: who.headers });
const decideSetup = (who: Who, setupId: string, body: Record<string, unknown>, lang = 'fr') =>
  t.app.inject({
    method: 'POST',
    url: `${SETUPS}/${setupId}`,
    headers: { ...who.headers, 'accept-language': lang },
    payload: body,
  });
const setupIdOf = (url: string) => /\/payment-method\/([0-9a-f-]{36})$/.exec(url)?.[1] ?? '';

describe('the sandbox page of an order that asked for automatic renewal', () => {
  it('says that paying saves the method, and an order without it says it does not', async () => {
    const monthly = await template(t.db, 'pro-monthly');
    const alice = await buyer(t.app);
    for (const autoRenew of [true, false]) {
      const placed = orderOf(
        await placeOrder(
          t.app,
          alice,
          orderBody([item(monthly.id)], { payment_method: 'stripe', auto_renew: autoRenew }),
        ),
      );
      const read = await t.app.inject({
        method: 'GET',
        url: `${PAYMENTS}/sandbox/${sandboxIdOf(placed.payment_url)}`,
        headers: alice.headers,
      });
      expect(read.json()).toMatchObject({ payment: { auto_renew: autoRenew } });
    }
  });
});

describe('saving a new payment method for a licence', () => {
  it('answers the page where it is saved, to the licence owner only', async () => {
    const monthly = await template(t.db, 'pro-monthly');
    const alice = await buyer(t.app);
    const mallory = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, alice, monthly.id);
    const before = await t.db.select().from(methodSetups);

    // Another account's licence, a malformed id and an unknown one: the same 404, nothing written.
    for (const [who, id] of [
      [mallory, licence.id],
      [alice, 'not-a-uuid'],
      [alice, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const refused = await askSetup(who, id, 'en');
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, message: 'Licence not found' });
    }
    expect(await t.db.select().from(methodSetups)).toHaveLength(before.length);

    const asked = await askSetup(alice, licence.id);
    expect(asked.statusCode).toBe(200);
    const { url } = asked.json<{ url: string }>();
    expect(url).toMatch(
      new RegExp(`^/client/licences/${licence.id}/payment-method/[0-9a-f-]{36}$`),
    );
    const setupId = setupIdOf(url);
    const [row] = await t.db.select().from(methodSetups).where(eq(methodSetups.id, setupId));
    expect(row).toMatchObject({ userId: alice.userId, licenseId: licence.id, status: 'open', url });

    // The setup page is its owner's alone.
    expect((await readSetup(mallory, setupId)).statusCode).toBe(404);
    expect((await decideSetup(mallory, setupId, { decision: 'pay' })).statusCode).toBe(404);
    expect((await readSetup(alice, 'nope')).statusCode).toBe(404);
    expect((await readSetup(alice, setupId)).json()).toMatchObject({
      setup: {
        id: setupId,
        status: 'open',
        license_id: licence.id,
        license_key: licence.licenseKey,
        current_method: { type: 'card', label: 'Visa •••• 4242' },
      },
    });
  });

  it('refuses a card the bank would not save and a malformed number, changing nothing', async () => {
    const monthly = await template(t.db, 'pro-monthly');
    const alice = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, alice, monthly.id);
    const setupId = setupIdOf((await askSetup(alice, licence.id)).json<{ url: string }>().url);
    const declined = await decideSetup(
      alice,
      setupId,
      { decision: 'pay', card_number: '4000000000000002' },
      'en',
    );
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({
      message: 'Payment declined by the bank (test environment simulation)',
    });
    const malformed = await decideSetup(alice, setupId, { decision: 'pay', card_number: '1234' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      errors: { card_number: ['Numéro de carte invalide'] },
    });
    expect((await readSetup(alice, setupId)).json()).toMatchObject({ setup: { status: 'open' } });
    expect((await licenceNow(t.db, licence.id)).savedMethodId).toBe(licence.savedMethodId);

    // Declining keeps the method on file.
    const kept = await decideSetup(alice, setupId, { decision: 'decline' }, 'en');
    expect(kept.json()).toMatchObject({
      saved: false,
      message: 'No payment method was saved: the licence keeps the one it had',
      redirect_url: `/client/licences/${licence.id}`,
    });
    expect((await licenceNow(t.db, licence.id)).savedMethodId).toBe(licence.savedMethodId);
  });

  it('after a declined renewal, a new card saved is charged by the next run, once', async () => {
    clock.set(new Date());
    const monthly = await template(t.db, 'pro-monthly');
    const bob = await buyer(t.app);
    const { licence } = await buyRenewing(t.app, t.db, bob, monthly.id, {
      card_number: '4000000000000341',
    });
    const expiry = (await licenceNow(t.db, licence.id)).expiresAt!;
    const staff = await signedInStaff(t.app, t.db);
    const due = new Date(expiry.getTime() - DAY + 3_600_000);
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ failed: 1 });
    const reminder = (await mailsTo(t.db, bob.email)).find((mail) =>
      mail.subject.includes(licence.licenseKey),
    );
    // The reminder links the licence, where the method is changed.
    expect(reminder?.htmlBody).toContain(`/client/licences/${licence.id}`);
    expect(reminder?.textBody).toContain('Changer de moyen de paiement');

    const setupId = setupIdOf((await askSetup(bob, licence.id)).json<{ url: string }>().url);
    const saved = await decideSetup(bob, setupId, {
      decision: 'pay',
      card_number: '4242 4242 4242 4242',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      saved: true,
      setup: { status: 'completed', current_method: { label: 'Visa •••• 4242' } },
      message:
        'Le nouveau moyen de paiement est enregistré : il servira aux prochains renouvellements',
    });
    const after = await licenceNow(t.db, licence.id);
    expect(after.savedMethodId).not.toBe(licence.savedMethodId);
    const method = await savedMethodOf(t.db, after.savedMethodId);
    expect(method).toMatchObject({
      userId: bob.userId,
      provider: 'sandbox',
      sandboxBehaviour: 'succeeds',
    });

    // A second decision on the same setup saves nothing more.
    const methodsBefore = await t.db.select().from(savedPaymentMethods);
    await decideSetup(bob, setupId, { decision: 'pay', card_number: '4000000000000341' });
    expect(await t.db.select().from(savedPaymentMethods)).toHaveLength(methodsBefore.length);
    expect((await licenceNow(t.db, licence.id)).savedMethodId).toBe(after.savedMethodId);

    // The failing term is due at once: the next run charges the new card, from the old expiry.
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({
      charged: 1,
      failed: 0,
    });
    expect((await runAsOf(t.app, staff.headers, due)).json()).toMatchObject({ charged: 0 });
    const [term] = await termsOf(t.db, licence.id);
    expect(term!.renewal).toMatchObject({ chargeStatus: 'charged', failures: 1 });
    expect(await invoicesOfOrder(t.db, term!.order.id)).toHaveLength(1);
    const renewed = await licenceNow(t.db, licence.id);
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(expiry.getTime() + 27 * DAY);
  });
});
