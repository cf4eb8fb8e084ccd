import { describe, expect, it } from 'vitest';
import { MY_LICENSES, movableClock } from './licenses-helpers';
import { buyer, shopSuite, template, type Buyer } from './orders-helpers';
import { placeWith } from './payments-helpers';
import { DAY, buyRenewing, licenceNow, runAsOf, termsOf } from './renewals-helpers';
import { adminGet, signedInStaff } from './staff-helpers';

/**
 * The dashboard's recurring figures (docs/product.md 'Back office'), to the cent, in a shop of
 * its own: MRR is what each active licence renewing itself is charged for its next term before
 * VAT, brought to a month by that term's cycle; ARR twelve times it; the renewal rate the terms
 * charged over those decided in the last 90 days; and the money the dunning recovered.
 */

const clock = movableClock();
const t = shopSuite({ now: clock.now });

interface Recurring {
  mrr: number;
  arr: number;
  renewal_rate: number;
  recovered_by_dunning: number;
}

const figures = async (headers: Record<string, string>) =>
  (await adminGet(t.app, '/dashboard', headers)).json<{ recurring: Recurring }>().recurring;

const SETUPS = '/api/v1/website/payment-methods/sandbox';

/** The owner saves the always-paid test card for a licence on the sandbox's setup page. */
async function saveWorkingCard(who: Buyer, licenceId: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: `${MY_LICENSES}/${licenceId}/payment-method`,
    headers: who.headers,
    payload: {},
  });
  const setupId = /\/payment-method\/([0-9a-f-]{36})$/.exec(asked.json<{ url: string }>().url)?.[1];
  const saved = await t.app.inject({
    method: 'POST',
    url: `${SETUPS}/${setupId}`,
    headers: who.headers,
    payload: { decision: 'pay', card_number: '4242424242424242' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('the recurring figures of the dashboard', () => {
  it('counts each renewing licence at its next term’s price before VAT by its cycle, the rate and the money recovered', async () => {
    const start = new Date();
    clock.set(start);
    const staff = await signedInStaff(t.app, t.db);
    const monthly = await template(t.db, 'pro-monthly');
    const biennial = await template(t.db, 'pro-biennially');
    const enterprise = await template(t.db, 'entreprise-annually');

    // 49.00 a month; 890.00 every two years; 2,690.00 a year at renewal (2,990.00 and a setup
    // fee the first year, neither charged again); all before 20 % VAT.
    const alice = await buyRenewing(t.app, t.db, await buyer(t.app), monthly.id);
    await buyRenewing(t.app, t.db, await buyer(t.app), biennial.id);
    await buyRenewing(t.app, t.db, await buyer(t.app), enterprise.id);
    // Asks its bank for its owner at the first automatic charge, then gets a working card.
    const frankWho = await buyer(t.app);
    const frank = await buyRenewing(t.app, t.db, frankWho, monthly.id, {
      card_number: '4000002500003155',
    });
    // Declined at every automatic charge.
    const gina = await buyRenewing(t.app, t.db, await buyer(t.app), monthly.id, {
      card_number: '4000000000000341',
    });
    // Bought without the box, and one that stopped renewing: neither counts.
    await placeWith(t.app, await buyer(t.app), 'stripe', monthly.id);
    const erinWho = await buyer(t.app);
    const erin = await buyRenewing(t.app, t.db, erinWho, monthly.id);
    const stopped = await t.app.inject({
      method: 'PUT',
      url: `${MY_LICENSES}/${erin.licence.id}/auto-renew`,
      headers: erinWho.headers,
      payload: { enabled: false },
    });
    expect(stopped.statusCode).toBe(200);

    // 4900 × 3 (Alice, Frank, Gina) + round(89000 / 24) + round(269000 / 12)
    // = 14700 + 3708 + 22417.
    expect(await figures(staff.headers)).toEqual({
      mrr: 40_825,
      arr: 489_900,
      renewal_rate: 0,
      recovered_by_dunning: 0,
    });

    // The monthly terms fall due: Alice's is charged, Frank's and Gina's fail.
    const expiry = (await licenceNow(t.db, alice.licence.id)).expiresAt!;
    const at = (days: number) => new Date(expiry.getTime() + days * DAY + 60_000);
    expect((await runAsOf(t.app, staff.headers, at(-0.5))).json()).toMatchObject({
      charged: 1,
      failed: 2,
    });
    // Frank saves a working card: the next run charges his term, recovered by the dunning.
    await saveWorkingCard(frankWho, frank.licence.id);
    expect((await runAsOf(t.app, staff.headers, at(0))).json()).toMatchObject({ charged: 1 });
    for (const day of [1, 3, 7]) await runAsOf(t.app, staff.headers, at(day));
    const [ginaTerm] = await termsOf(t.db, gina.licence.id);
    expect(ginaTerm!.renewal.chargeStatus).toBe('abandoned');
    const [frankTerm] = await termsOf(t.db, frank.licence.id);
    expect(frankTerm!.renewal).toMatchObject({ chargeStatus: 'charged', failures: 1 });

    // Read once those terms have ended: Alice and Frank renew (4900 each), Gina stopped.
    clock.set(at(8));
    expect(await figures(staff.headers)).toEqual({
      mrr: 4900 * 2 + 3708 + 22_417,
      arr: (4900 * 2 + 3708 + 22_417) * 12,
      // Two terms charged of the three decided.
      renewal_rate: 2 / 3,
      // Frank's term, 49.00 and its 20 % VAT, paid after a failure.
      recovered_by_dunning: 5880,
    });
  });
});
