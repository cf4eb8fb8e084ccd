import { eq } from 'drizzle-orm';
import { licenseStatus, updatesUntil } from '@cadran/domain/licenses';
import type { ReleasePreferences } from '@cadran/domain/release-api';
import type { LicenceForReleases } from '@cadran/domain/release-rules';
import type { Database } from '../../db/client';
import { licenses } from '../../db/schema/licenses';
import { releasePreferences } from '../../db/schema/releases';
import type { Executor } from '../../db/transaction';

type LicenseRow = typeof licenses.$inferSelect;

/** What the entitlement rule needs of a licence at `now` (packages/domain release-rules.ts). */
export function licenceForReleases(
  licence: LicenseRow,
  betaOptIn: boolean,
  now: Date,
): LicenceForReleases {
  return {
    status: licenseStatus(licence, now),
    updatesUntil: updatesUntil(licence),
    updatePermissions: licence.updatePermissions,
    // As the owner's licence view says it: a licence that expires and is not revoked renews.
    renewable: licence.expiresAt !== null && licence.state !== 'revoked',
    betaOptIn,
  };
}

export const DEFAULT_PREFERENCES: ReleasePreferences = {
  beta_opt_in: false,
  in_progress_mail: false,
  release_mail: true,
};

export async function preferencesOf(db: Executor, userId: string): Promise<ReleasePreferences> {
  const [row] = await db
    .select()
    .from(releasePreferences)
    .where(eq(releasePreferences.userId, userId))
    .limit(1);
  if (!row) return DEFAULT_PREFERENCES;
  return {
    beta_opt_in: row.betaOptIn,
    in_progress_mail: row.inProgressMail,
    release_mail: row.releaseMail,
  };
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: ReleasePreferences,
): Promise<void> {
  const values = {
    betaOptIn: preferences.beta_opt_in,
    inProgressMail: preferences.in_progress_mail,
    releaseMail: preferences.release_mail,
  };
  await db
    .insert(releasePreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: releasePreferences.userId, set: values });
}

export async function findLicence(db: Executor, id: string): Promise<LicenseRow | undefined> {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id)).limit(1);
  return row;
}
