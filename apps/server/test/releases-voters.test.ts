import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { releasePreferences, voterNotifications } from '../src/db/schema/releases';
import { users } from '../src/db/schema/users';
import { bearer } from './auth-helpers';
import { buyLicences } from './licenses-helpers';
import { buyer, shopSuite, type Buyer } from './orders-helpers';
import { createRelease, publish, roadmapItemId, uploadArtifact } from './releases-helpers';
import { ADMIN, outboxMails, signedInStaff } from './staff-helpers';

/**
 * The voters' e-mails (docs/product.md 'Releases' ('Voters hear about it')): one per voter and
 * item, in the voter's language, saying whether a licence includes the release, once however
 * many server processes publish or run the job; the unsubscribe link and the in-progress
 * setting honoured.
 */

const t = shopSuite();

/** A second server on the same database and data directory: another process of the site. */
let second: FastifyInstance;
beforeAll(async () => {
  second = await buildApp({ config: t.config, db: t.db });
  await second.ready();
});
afterAll(async () => {
  await second.close();
});

const UNSUBSCRIBE = '/api/v1/website/release-mail/unsubscribe';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The account's stored release settings, or undefined when it never had any. */
const storedPreferences = async (userId: string) =>
  (await t.db.select().from(releasePreferences).where(eq(releasePreferences.userId, userId)))[0];

const voteFor = (who: Buyer, itemId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/website/roadmap/${itemId}/vote`,
    headers: bearer(who.token),
  });

/** The voters' e-mails delivered to `address` (they alone carry the unsubscribe link). */
const voterMails = async (address: string) =>
  (await outboxMails(t.outboxDir, address))
    .map(decodeQuotedPrintable)
    .filter((mail) => mail.includes('release-mail/unsubscribe'));

/**
 * The message as read: its headers as written (a header's `token=16…` is no escape), its body
 * with quoted-printable soft breaks joined and escaped bytes decoded.
 */
function decodeQuotedPrintable(mail: string): string {
  const end = mail.search(/\r?\n\r?\n/);
  const [headers, body] = end < 0 ? [mail, ''] : [mail.slice(0, end), mail.slice(end)];
  const joined = body.replace(/=\r?\n/g, '');
  return (
    headers +
    Buffer.from(
      joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      ),
      'latin1',
    ).toString('utf8')
  );
}

/** Runs every queue of both servers (the voters' jobs, then the mail they wrote) until idle. */
async function drainBoth() {
  await Promise.all([t.app.jobs.drain(), second.jobs.drain()]);
  await Promise.all([t.app.jobs.drain(), second.jobs.drain()]);
}

describe('when a release ships an item', () => {
  it('mails each voter once, in their language, saying what their licence makes of it, whichever server publishes', async () => {
    const itemId = await roadmapItemId(t.db, 'realtime-collaboration');
    const owner = t.alice;
    await buyLicences(t.app, t.db, owner, t.pro.id);
    const noLicence = await buyer(t.app);
    const english = await buyer(t.app);
    await t.db.update(users).set({ locale: 'en' }).where(eq(users.id, english.userId));
    for (const voter of [owner, noLicence, english]) {
      expect((await voteFor(voter, itemId)).statusCode).toBe(200);
    }

    const staff = await signedInStaff(t.app, t.db);
    const release = await createRelease(t.app, staff.headers, {
      version: '8.0.0',
      roadmap_item_ids: [itemId],
    });
    await uploadArtifact(t.app, staff.headers, release.id, Buffer.from('8.0.0'));
    // Both processes are asked to publish at once; both then run the voters' job.
    const answers = await Promise.all([
      publish(t.app, staff.headers, release.id),
      second.inject({
        method: 'POST',
        url: `${ADMIN}/releases/${release.id}/publish`,
        headers: staff.headers,
      }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    await Promise.all([
      t.app.releases.tellShipped(release.id),
      second.releases.tellShipped(release.id),
      t.app.releases.tellShipped(release.id),
    ]);
    await drainBoth();

    const ownerMails = await voterMails(owner.email);
    const noLicenceMails = await voterMails(noLicence.email);
    const englishMails = await voterMails(english.email);
    expect([ownerMails.length, noLicenceMails.length, englishMails.length]).toEqual([1, 1, 1]);
    expect(ownerMails[0]).toContain('inclut cette version');
    expect(noLicenceMails[0]).toContain('Aucune de vos licences ne couvre cette version');
    expect(englishMails[0]).toContain('Shipped in Cadran CMS 8.0.0');
    expect(englishMails[0]).toContain('/en/changelog#v8.0.0');
    // The client-area links an e-mail carries open it in the reader's language.
    expect(ownerMails[0]).toContain('/client/downloads?lang=fr');
    expect(englishMails[0]).toContain('/client/downloads?lang=en');
    const rows = await t.db
      .select()
      .from(voterNotifications)
      .where(eq(voterNotifications.roadmapItemId, itemId));
    expect(rows).toHaveLength(3);
  });

  it('honours the unsubscribe link: no e-mail after it, and a forged link changes nothing', async () => {
    const itemId = await roadmapItemId(t.db, 'wordpress-import');
    const voter = await buyer(t.app);
    await voteFor(voter, itemId);
    // A token forged for the voter's own id, another's signature on it, or a damaged one.
    const forgedTokens = [`${voter.userId}.AAAA`, `${voter.userId}`, 'x.y', ''];
    for (const token of forgedTokens) {
      for (const method of ['GET', 'POST'] as const) {
        const forged = await t.app.inject({
          method,
          url: `${UNSUBSCRIBE}?token=${encodeURIComponent(token)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(forged.statusCode, `${method} ${token}`).toBe(400);
        expect(forged.json<{ success: boolean }>().success).toBe(false);
      }
    }
    expect(await storedPreferences(voter.userId)).toBeUndefined();

    // The link as the e-mails carry it, read from one of them.
    const staff = await signedInStaff(t.app, t.db);
    const inProgress = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/website/release-preferences',
      headers: voter.headers,
      payload: { beta_opt_in: false, in_progress_mail: true, release_mail: true },
    });
    expect(inProgress.statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `${ADMIN}/roadmap/${itemId}`,
      headers: staff.headers,
      payload: { status: 'in_progress' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await drainBoth();
    const [progressMail] = await voterMails(voter.email);
    expect(progressMail).toContain('en cours de développement');
    const link = /\/api\/v1\/website\/release-mail\/unsubscribe\?token=[\w.-]+/.exec(
      progressMail ?? '',
    )?.[0];
    if (!link) throw new Error('no unsubscribe link in the e-mail');
    // The headers a mail client's unsubscribe button uses (RFC 8058) name the same address.
    // (a long header folds onto the next line)
    expect(progressMail).toMatch(new RegExp(`List-Unsubscribe:\\s+<http[^>]+${escape(link)}>`));
    expect(progressMail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // A scanner or a preview fetching the link only gets the page asking to confirm.
    for (let fetches = 0; fetches < 2; fetches += 1) {
      const page = await t.app.inject({ method: 'GET', url: link });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<form method="post"');
      expect(page.body).toContain('Me désabonner');
    }
    expect((await storedPreferences(voter.userId))?.inProgressMail).toBe(true);

    // The mail client's one-click POST (from no site of ours, the voter's session cookie
    // nowhere): the e-mails stop.
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.body).toContain('vous ne recevrez plus');
    expect(await storedPreferences(voter.userId)).toMatchObject({
      releaseMail: false,
      inProgressMail: false,
    });

    const release = await createRelease(t.app, staff.headers, {
      version: '8.1.0',
      roadmap_item_ids: [itemId],
    });
    await uploadArtifact(t.app, staff.headers, release.id, Buffer.from('8.1.0'));
    expect((await publish(t.app, staff.headers, release.id)).statusCode).toBe(200);
    await drainBoth();
    expect(await voterMails(voter.email)).toHaveLength(1);
  });

  it('mails no voter who did not ask for the in-progress e-mail', async () => {
    const itemId = await roadmapItemId(t.db, 'mobile-app');
    const voter = await buyer(t.app);
    await voteFor(voter, itemId);
    const staff = await signedInStaff(t.app, t.db);
    await t.app.inject({
      method: 'PATCH',
      url: `${ADMIN}/roadmap/${itemId}`,
      headers: staff.headers,
      payload: { status: 'in_progress' },
    });
    await drainBoth();
    expect(await voterMails(voter.email)).toEqual([]);
  });
});
