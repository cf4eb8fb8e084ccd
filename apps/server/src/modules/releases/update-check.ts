import type { Language } from '@cadran/domain/constants';
import type { LicenseRefusalCode } from '@cadran/domain/license-api';
import type { LicenseStatus } from '@cadran/domain/licenses';
import type { UpdateCheck, UpdateCheckResponse } from '@cadran/domain/release-api';
import { chooseUpdate, newestFirst } from '@cadran/domain/release-rules';
import type { Database } from '../../db/client';
import { findByKey } from '../licenses/license-records';
import type { DownloadLinks } from './download-link';
import { licenceForReleases, preferencesOf } from './licence-access';
import { listRecords } from './repository';
import { changelogUrl, renewUrl } from './urls';

/**
 * The update check an installation makes (docs/product.md 'Releases' ('Update check')): with
 * its key and installed version, the newest release its licence covers, with signed download
 * links, and the newest one a renewal would unlock. A key unknown, or a licence that may not
 * run, answers as activation does (404 license_not_found, 403 license_expired, …).
 */

const REFUSING: Partial<Record<LicenseStatus, LicenseRefusalCode>> = {
  expired: 'license_expired',
  suspended: 'license_suspended',
  revoked: 'license_revoked',
};

export interface UpdateCheckDeps {
  db: Database;
  links: DownloadLinks;
  publicUrl: string;
  now: () => Date;
}

export type UpdateCheckResult =
  | { kind: 'answer'; answer: Omit<UpdateCheckResponse, 'success'> }
  | { kind: 'refused'; code: LicenseRefusalCode };

export async function checkForUpdate(
  deps: UpdateCheckDeps,
  input: UpdateCheck,
  lang: Language,
): Promise<UpdateCheckResult> {
  const now = deps.now();
  const record = await findByKey(deps.db, input.license_key);
  if (!record) return { kind: 'refused', code: 'license_not_found' };
  const { licence } = record;
  const preferences = await preferencesOf(deps.db, licence.userId);
  const forReleases = licenceForReleases(licence, preferences.beta_opt_in, now);
  const refusal = REFUSING[forReleases.status];
  if (refusal) return { kind: 'refused', code: refusal };

  const channel = input.channel ?? 'stable';
  const published = (await listRecords(deps.db, { state: 'published' })).map((record) => ({
    ...record,
    version: record.release.version,
    channel: record.release.channel,
    state: record.release.state,
    publishedAt: record.release.publishedAt,
  }));
  const offered = published.filter((release) => channel === 'beta' || release.channel === 'stable');
  const [latest] = newestFirst(offered);
  const choice = chooseUpdate(forReleases, published, input.current_version, channel);
  const update = choice.update;
  return {
    kind: 'answer',
    answer: {
      current: input.current_version,
      latest: latest?.version ?? null,
      update: update
        ? {
            version: update.version,
            published_at: (update.publishedAt ?? now).toISOString(),
            notes_url: changelogUrl(deps.publicUrl, lang, update.version),
            artifacts: update.artifacts.map((artifact) => ({
              file: artifact.fileName,
              size: artifact.size,
              sha256: artifact.sha256,
              signature: artifact.signature,
              download_url: deps.links.sign(
                { artifactId: artifact.id, licenseId: licence.id },
                now,
              ),
            })),
          }
        : null,
      newer_not_entitled: choice.newerNotEntitled
        ? {
            version: choice.newerNotEntitled.version,
            renew_url: renewUrl(deps.publicUrl, licence.id),
          }
        : null,
    },
  };
}
