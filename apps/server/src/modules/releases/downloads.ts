import type { Readable } from 'node:stream';
import type { Language } from '@cadran/domain/constants';
import type { DownloadRelease, ReleasePreferences } from '@cadran/domain/release-api';
import { newestFirst, releaseAccess } from '@cadran/domain/release-rules';
import type { Database } from '../../db/client';
import { listForOwner } from '../licenses/license-records';
import type { DownloadLinks } from './download-link';
import { findLicence, licenceForReleases, preferencesOf } from './licence-access';
import { countDownload, findArtifact, listRecords, type ArtifactRow } from './repository';
import type { ArtifactStore } from './storage/artifact-store';
import { publicReleaseView } from './views';

/** Serving a download link, and the client area's list of downloads. */

export interface DownloadDeps {
  db: Database;
  links: DownloadLinks;
  stores: Record<ArtifactRow['store'], ArtifactStore | undefined>;
  now: () => Date;
}

export type DownloadResult =
  | { kind: 'file'; artifact: ArtifactRow; stream: Readable }
  | { kind: 'refused'; status: 403 | 404 };

/**
 * A download through a signed link: the link must be intact and unexpired (403 otherwise),
 * the release still published and the licence still entitled to it (a licence suspended
 * since the link was made gets a 403 too); the download is counted, then the bytes stream.
 */
export async function openDownload(
  deps: DownloadDeps,
  artifactId: string,
  query: { licence?: string; expires?: string; signature?: string },
): Promise<DownloadResult> {
  const now = deps.now();
  const link = deps.links.verify(artifactId, query, now);
  if (!link.valid) return { kind: 'refused', status: 403 };
  const found = await findArtifact(deps.db, link.artifactId);
  if (!found || found.release.state !== 'published') return { kind: 'refused', status: 404 };
  const licence = await findLicence(deps.db, link.licenseId);
  if (!licence) return { kind: 'refused', status: 403 };
  const preferences = await preferencesOf(deps.db, licence.userId);
  const access = releaseAccess(
    licenceForReleases(licence, preferences.beta_opt_in, now),
    found.release,
  );
  if (access !== 'included') return { kind: 'refused', status: 403 };
  const store = deps.stores[found.artifact.store];
  if (!store) throw new Error(`artifact ${found.artifact.id} is in a store this server has not`);
  await countDownload(deps.db, found.artifact.id, licence.id, now);
  return {
    kind: 'file',
    artifact: found.artifact,
    stream: store.read(found.artifact.storageRef, found.artifact.size),
  };
}

/**
 * The account's downloads: for an account with licences, every published release (beta ones
 * if it asked for them), newest first, with what each licence makes of it (included, unlocked
 * by a renewal, not covered); a file's link is made for the first licence that includes it.
 */
export async function accountDownloads(
  deps: Pick<DownloadDeps, 'db' | 'links' | 'now'>,
  userId: string,
  lang: Language,
): Promise<{ releases: DownloadRelease[]; preferences: ReleasePreferences }> {
  const now = deps.now();
  const [owned, preferences, published] = await Promise.all([
    listForOwner(deps.db, userId),
    preferencesOf(deps.db, userId),
    listRecords(deps.db, { state: 'published' }),
  ]);
  const licences = owned.map((record) => ({
    record,
    forReleases: licenceForReleases(record.licence, preferences.beta_opt_in, now),
  }));
  const releases: DownloadRelease[] = [];
  if (licences.length === 0) return { releases, preferences };
  for (const record of newestFirst(
    published.map((entry) => ({ ...entry, version: entry.release.version })),
  )) {
    const accesses = licences.map(({ record: owned, forReleases }) => ({
      owned,
      access: releaseAccess(forReleases, record.release),
    }));
    // Beta releases are listed to those who asked for them only.
    if (record.release.channel === 'beta' && !preferences.beta_opt_in) continue;
    const entitled = accesses.find(({ access }) => access === 'included');
    releases.push({
      ...publicReleaseView(record),
      artifacts: record.artifacts.map((artifact) => ({
        file: artifact.fileName,
        size: artifact.size,
        sha256: artifact.sha256,
        signature: artifact.signature,
        download_url: entitled
          ? deps.links.sign({ artifactId: artifact.id, licenseId: entitled.owned.licence.id }, now)
          : null,
      })),
      licences: accesses.map(({ owned, access }) => ({
        license_id: owned.licence.id,
        key: owned.licence.licenseKey,
        plan: (lang === 'en' && owned.template.nameEn.trim()) || owned.template.name,
        access,
      })),
    });
  }
  return { releases, preferences };
}
