import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@cadran/domain/constants';
import { localizedRoadmapText } from '@cadran/domain/roadmap-model';
import { releaseAccess } from '@cadran/domain/release-rules';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import {
  releasePreferences,
  voterNotifications,
  type VoterMailKind,
} from '../../db/schema/releases';
import { roadmapItems, roadmapVotes } from '../../db/schema/roadmap';
import { users } from '../../db/schema/users';
import { isDeliverableAddress, writeMailJob, type MailInput } from '../../mail/queue';
import type { MailBrand } from '../../mail/templates';
import { licenceForReleases } from './licence-access';
import { findRecord, type ReleaseRow } from './repository';
import type { UnsubscribeTokens } from './unsubscribe-token';
import { changelogUrl, renewUrl } from './urls';
import { inProgressMail, shippedMail, type Voter, type VoterAccess } from './voter-emails';

export interface VoterMailDeps {
  db: Database;
  brand: MailBrand;
  unsubscribe: UnsubscribeTokens;
  now: () => Date;
}

interface VoterRow extends Voter {
  userId: string;
  betaOptIn: boolean;
}

/**
 * The voters of an item not yet told of `kind`, who want that e-mail: the shipped e-mail
 * unless they unsubscribed, the in-progress one only if they asked for it.
 */
async function votersToTell(
  db: Database,
  itemId: number,
  kind: VoterMailKind,
): Promise<VoterRow[]> {
  const wanted =
    kind === 'shipped'
      ? sql`coalesce(${releasePreferences.releaseMail}, true)`
      : sql`coalesce(${releasePreferences.inProgressMail}, false)`;
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.locale,
      betaOptIn: sql<boolean>`coalesce(${releasePreferences.betaOptIn}, false)`,
    })
    .from(roadmapVotes)
    .innerJoin(users, eq(users.id, roadmapVotes.userId))
    .leftJoin(releasePreferences, eq(releasePreferences.userId, users.id))
    .where(
      and(
        eq(roadmapVotes.itemId, itemId),
        wanted,
        sql`not exists (select 1 from ${voterNotifications} where ${voterNotifications.userId} = ${users.id} and ${voterNotifications.roadmapItemId} = ${itemId} and ${voterNotifications.kind} = ${kind})`,
      ),
    );
}

/** The best a voter's licences make of the release: included, else unlocked by a renewal. */
async function voterAccess(
  deps: VoterMailDeps,
  voter: VoterRow,
  release: ReleaseRow,
): Promise<VoterAccess> {
  const owned = await deps.db.select().from(licenses).where(eq(licenses.userId, voter.userId));
  const now = deps.now();
  const accesses = owned.map((licence) => ({
    licence,
    access: releaseAccess(licenceForReleases(licence, voter.betaOptIn, now), release),
  }));
  const included = accesses.find(({ access }) => access === 'included');
  if (included) return { kind: 'included', key: included.licence.licenseKey };
  const renewable = accesses.find(({ access }) => access === 'after_renewal');
  if (renewable) {
    return {
      kind: 'after_renewal',
      key: renewable.licence.licenseKey,
      renewUrl: renewUrl(deps.brand.publicUrl, renewable.licence.id, voter.language),
    };
  }
  return { kind: 'none' };
}

/**
 * Writes the notification row and its e-mail in one transaction: the row's key (account,
 * item, kind) lets only the first writer through, so the e-mail exists once. Answers whether
 * this call wrote it.
 */
async function recordAndQueue(
  db: Database,
  row: { userId: string; itemId: number; kind: VoterMailKind; releaseId: string | null },
  mail: MailInput | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [written] = await tx
      .insert(voterNotifications)
      .values({
        userId: row.userId,
        roadmapItemId: row.itemId,
        kind: row.kind,
        releaseId: row.releaseId,
      })
      .onConflictDoNothing()
      .returning({ userId: voterNotifications.userId });
    if (!written || !mail) return false;
    const jobId = await writeMailJob(tx, mail);
    await tx
      .update(voterNotifications)
      .set({ mailJobId: jobId })
      .where(
        and(
          eq(voterNotifications.userId, row.userId),
          eq(voterNotifications.roadmapItemId, row.itemId),
          eq(voterNotifications.kind, row.kind),
        ),
      );
    return true;
  });
}

/** The item's title in the voter's language (the French one when there is no English). */
const itemTitle = (item: { title: string; titleEn: string | null }, lang: Language) =>
  localizedRoadmapText({ title: item.title, title_en: item.titleEn, description: null }, lang)
    .title;

/** Tells the voters of every item a published release ships; answers the e-mails queued. */
export async function tellShipped(deps: VoterMailDeps, releaseId: string): Promise<number> {
  const record = await findRecord(deps.db, releaseId);
  if (!record || record.release.state !== 'published') return 0;
  let queued = 0;
  for (const item of record.items) {
    for (const voter of await votersToTell(deps.db, item.id, 'shipped')) {
      const title = itemTitle(item, voter.language);
      const mail = isDeliverableAddress(voter.email)
        ? await shippedMail({
            voter,
            item: title,
            version: record.release.version,
            access: await voterAccess(deps, voter, record.release),
            changelogUrl: changelogUrl(
              deps.brand.publicUrl,
              voter.language,
              record.release.version,
            ),
            unsubscribeUrl: deps.unsubscribe.url(voter.userId),
            brand: deps.brand,
          })
        : undefined;
      const row = { userId: voter.userId, itemId: item.id, kind: 'shipped' as const, releaseId };
      if (await recordAndQueue(deps.db, row, mail)) queued += 1;
    }
  }
  return queued;
}

/** Tells the voters who asked for it that an item moved to in progress. */
export async function tellInProgress(deps: VoterMailDeps, itemId: number): Promise<number> {
  const [item] = await deps.db
    .select({
      title: roadmapItems.title,
      titleEn: roadmapItems.titleEn,
      status: roadmapItems.status,
    })
    .from(roadmapItems)
    .where(eq(roadmapItems.id, itemId));
  if (!item || item.status !== 'in_progress') return 0;
  let queued = 0;
  for (const voter of await votersToTell(deps.db, itemId, 'in_progress')) {
    const title = itemTitle(item, voter.language);
    const mail = isDeliverableAddress(voter.email)
      ? await inProgressMail({
          voter,
          item: title,
          unsubscribeUrl: deps.unsubscribe.url(voter.userId),
          brand: deps.brand,
        })
      : undefined;
    const row = { userId: voter.userId, itemId, kind: 'in_progress' as const, releaseId: null };
    if (await recordAndQueue(deps.db, row, mail)) queued += 1;
  }
  return queued;
}
