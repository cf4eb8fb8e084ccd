import { consumerNoticeWindow } from '@cadran/domain/auto-renewal';
import { describe, expect, it } from 'vitest';
import { sendDueReminders } from '../src/modules/license-reminders/sweep';
import { mailBrand } from '../src/mail/templates';
import { movableClock } from './licenses-helpers';
import {
  billing,
  buyer,
  item,
  orderBody,
  orderOf,
  placeOrder,
  shopSuite,
  template,
} from './orders-helpers';
import { licensesOf, mailsTo } from './payments-helpers';
import { DAY, payWith } from './renewals-helpers';

/**
 * The notice before an automatic renewal (docs/product.md 'Licences' ('Automatic renewal')): it
 * says the amount, the charge's date and how to stop, in the buyer's language; a consumer's
 * yearly licence hears of it inside the window of Code de la consommation L215-1 (between three
 * months and one month before its term), any other a week before; once per licence and term
 * whatever the number of sweeps. A licence renewing itself gets no "renew by hand" reminder.
 */

const clock = movableClock(new Date('2026-11-20T10:00:00Z'));
const t = shopSuite({ now: clock.now });

/** A licence bought with the renewal box ticked, by a consumer or a company, in `lang`. */
async function renewing(slug: string, lang: 'fr' | 'en', company = '') {
  const who = await buyer(t.app);
  const placed = orderOf(
    await placeOrder(
      t.app,
      who,
      orderBody([item((await template(t.db, slug)).id)], {
        payment_method: 'stripe',
        auto_renew: true,
        billing_address: billing({ company }),
      }),
      { 'accept-language': lang },
    ),
  );
  expect((await payWith(t.app, who, placed.payment_url)).statusCode).toBe(200);
  const [licence] = await licensesOf(t.db, placed.order.id);
  return { who, licence: licence! };
}

const notices = async (email: string) =>
  (await mailsTo(t.db, email)).filter((mail) => mail.kind === 'renewal_renewal_notice');

describe('the notice before an automatic renewal', () => {
  it('tells a consumer of a yearly renewal two months ahead, inside the legal window, once', async () => {
    const { who, licence } = await renewing('pro-annually', 'fr');
    const expiry = licence.expiresAt!;
    const window = consumerNoticeWindow(expiry);

    // Three months and a day before: too early.
    const early = new Date(window.from.getTime() - DAY);
    expect(await t.app.renewals.sendRenewalNotices(early)).toBe(0);
    // Two months before, inside the window: two sweeps at once send it once.
    const due = new Date(expiry.getTime() - 61 * DAY);
    expect(due > window.from && due < window.until).toBe(true);
    const [a, b] = await Promise.all([
      t.app.renewals.sendRenewalNotices(due),
      t.app.renewals.sendRenewalNotices(due),
    ]);
    expect(a + b).toBe(1);
    expect(await t.app.renewals.sendRenewalNotices(new Date(due.getTime() + DAY))).toBe(0);

    const sent = await notices(who.email);
    expect(sent).toHaveLength(1);
    const [notice] = sent;
    // 490.00 a year and 20 % VAT, charged the day before the term ends.
    const chargeDay = new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    }).format(new Date(expiry.getTime() - DAY));
    expect(notice!.subject).toBe(
      `Votre licence ${licence.licenseKey} sera renouvelée le ${chargeDay}`,
    );
    // French money keeps its figure and sign together with a no-break space.
    expect(notice!.textBody).toMatch(/nous prélèverons 588,00\s€ sur Visa •••• 4242/u);
    expect(notice!.textBody).toContain('« Résilier le renouvellement »');
    expect(notice!.htmlBody).toContain(`/client/licences/${licence.id}?lang=fr`);
  });

  it('tells a company a week ahead, in English, and a monthly consumer a week ahead too', async () => {
    const company = await renewing('pro-annually', 'en', 'Atelier Lune SARL');
    const monthly = await renewing('pro-monthly', 'fr');
    const yearEnd = company.licence.expiresAt!;
    expect(await t.app.renewals.sendRenewalNotices(new Date(yearEnd.getTime() - 61 * DAY))).toBe(0);
    expect(await notices(company.who.email)).toHaveLength(0);

    const monthEnd = monthly.licence.expiresAt!;
    expect(await t.app.renewals.sendRenewalNotices(new Date(monthEnd.getTime() - 8 * DAY))).toBe(0);
    expect(
      await t.app.renewals.sendRenewalNotices(new Date(monthEnd.getTime() - 7 * DAY + 60_000)),
    ).toBe(1);
    expect(await notices(monthly.who.email)).toHaveLength(1);

    expect(
      await t.app.renewals.sendRenewalNotices(new Date(yearEnd.getTime() - 7 * DAY + 60_000)),
    ).toBe(1);
    const [english] = await notices(company.who.email);
    expect(english!.subject).toMatch(
      new RegExp(`^Your licence ${company.licence.licenseKey} renews on `),
    );
    expect(english!.textBody).toContain('€588.00');
    expect(english!.textBody).toContain('"Cancel automatic renewal"');
    expect(english!.htmlBody).toContain(`/client/licences/${company.licence.id}?lang=en`);
  });

  it('sends no "renew by hand" reminder to a licence that renews itself', async () => {
    const { who, licence } = await renewing('pro-monthly', 'fr');
    const before = (await mailsTo(t.db, who.email)).length;
    const result = await sendDueReminders(
      { db: t.db, brand: mailBrand(t.app.config), warn: () => undefined },
      new Date(licence.expiresAt!.getTime() - 6 * DAY),
    );
    expect(result.sent).toBe(0);
    expect(await mailsTo(t.db, who.email)).toHaveLength(before);
  });
});
