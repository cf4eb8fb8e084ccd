import { describe, expect, it } from 'vitest';
import { movableClock } from './licenses-helpers';
import { buyer, item, orderBody, orderOf, placeOrder, shopSuite, template } from './orders-helpers';
import { licensesOf, mailsTo } from './payments-helpers';
import { payWith, savedMethodOf } from './renewals-helpers';

/**
 * A saved card that stops working before the next automatic charge (docs/product.md 'Licences'
 * ('Dunning')): its owner is told 30 days before it expires, once per card, in the language of
 * the order, with the licence's page where a new method is saved.
 */

const clock = movableClock(new Date('2026-11-20T10:00:00Z'));
const t = shopSuite({ now: clock.now });

/** A monthly licence bought with automatic renewal, paid with a test card of that expiry. */
async function renewingWithCard(
  cardExpires: string,
  lang: 'fr' | 'en' = 'fr',
  templateId?: number,
) {
  const monthly = templateId ?? (await template(t.db, 'pro-monthly')).id;
  const who = await buyer(t.app);
  const placed = orderOf(
    await placeOrder(
      t.app,
      who,
      orderBody([item(monthly)], { payment_method: 'stripe', auto_renew: true }),
      { 'accept-language': lang },
    ),
  );
  const paid = await payWith(t.app, who, placed.payment_url, {
    card_number: '4242424242424242',
    card_expires: cardExpires,
  });
  expect(paid.statusCode).toBe(200);
  const [licence] = await licensesOf(t.db, placed.order.id);
  return { who, licence: licence! };
}

const notices = async (email: string) =>
  (await mailsTo(t.db, email)).filter((mail) => mail.kind === 'renewal_card_expiring');

describe('the notice of a saved card that expires before the next charge', () => {
  it('goes once, 30 days before the card stops, in French and in English', async () => {
    // The licences run to about 20 December: the charge is on the 19th.
    const november = await renewingWithCard('2026-11');
    const english = await renewingWithCard('2026-11', 'en');
    const december = await renewingWithCard('2026-12');
    const later = await renewingWithCard('2027-06');

    // 30 days before the end of November is 31 October: the sweep of 20 November tells them.
    expect(await t.app.renewals.sendCardExpiryNotices(clock.now())).toBeGreaterThanOrEqual(2);
    expect(await t.app.renewals.sendCardExpiryNotices(clock.now())).toBe(0);

    const [fr] = await notices(november.who.email);
    expect(await notices(november.who.email)).toHaveLength(1);
    expect(fr?.subject).toBe('Votre carte Visa •••• 4242 expire bientôt');
    expect(fr?.textBody).toContain('expire fin novembre 2026, avant le prochain prélèvement du');
    expect(fr?.textBody).toContain(november.licence.licenseKey);
    expect(fr?.htmlBody).toContain(`/client/licences/${november.licence.id}?lang=fr`);

    const [en] = await notices(english.who.email);
    expect(en?.subject).toBe('Your card Visa •••• 4242 expires soon');
    expect(en?.textBody).toContain(
      'expires at the end of November 2026, before the next charge on',
    );
    expect(en?.htmlBody).toContain(`/client/licences/${english.licence.id}?lang=en`);

    // A card still valid at the charge is not a concern.
    expect(await notices(december.who.email)).toHaveLength(0);
    expect(await notices(later.who.email)).toHaveLength(0);
    const told = await savedMethodOf(t.db, november.licence.savedMethodId);
    expect(told?.expiryNoticeSentAt).toEqual(clock.now());
  });

  it('waits for the last 30 days of the card', async () => {
    // A yearly licence charged in November 2027 on a card that ends in June 2027: told from
    // the end of 31 May 2027 (30 days before it stops), not before.
    const yearly = await renewingWithCard('2027-06', 'fr', t.pro.id);
    await t.app.renewals.sendCardExpiryNotices(clock.now());
    expect(await notices(yearly.who.email)).toHaveLength(0);
    await t.app.renewals.sendCardExpiryNotices(new Date('2027-05-31T12:00:00Z'));
    expect(await notices(yearly.who.email)).toHaveLength(0);
    await t.app.renewals.sendCardExpiryNotices(new Date('2027-06-01T00:00:00Z'));
    expect(await notices(yearly.who.email)).toHaveLength(1);
  });
});
