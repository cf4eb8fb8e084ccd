import semver from 'semver';
import type { LicenseStatus } from './licenses';

export { changelogEntryPath, versionAnchor } from './release-links';

/**
 * Releases of Cadran CMS and who may have them (docs/product.md 'Releases'). Pure: dates and
 * statuses are arguments, so the server and the client area decide the same way.
 */

export const RELEASE_CHANNELS = ['stable', 'beta'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

/** Draft: staff are preparing it; published: offered; withdrawn: kept for the record only. */
export const RELEASE_STATES = ['draft', 'published', 'withdrawn'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

/** Longest version accepted ("10.20.30-beta.1+build.5" fits with room to spare). */
export const RELEASE_VERSION_MAX = 64;

/**
 * A version as semver 2.0.0 writes it, exactly: no leading "v", no spaces, nothing the
 * `semver` parser would quietly clean up, so one release has one spelling. Build metadata
 * ("+build.5") is refused: semver gives it no precedence, so two releases would tie.
 */
export const isReleaseVersion = (value: string): boolean =>
  value.length <= RELEASE_VERSION_MAX && semver.valid(value) === value;

/** Negative when `a` comes before `b` in semver precedence. */
export const compareVersions = (a: string, b: string): number => semver.compare(a, b);

/** Newest first, by semver precedence. */
export function newestFirst<T extends { version: string }>(releases: readonly T[]): T[] {
  return [...releases].sort((a, b) => compareVersions(b.version, a.version));
}

/** What a licence makes of a release. */
export type ReleaseAccess =
  /** The licence covers it: it may be downloaded and offered as an update. */
  | 'included'
  /** Published after the licence's update rights; renewing the licence would cover it. */
  | 'after_renewal'
  /** Nothing the owner can renew gives it (suspended, revoked, beta not chosen, plan without updates). */
  | 'not_covered';

export interface LicenceForReleases {
  status: LicenseStatus;
  /** Until when the licence receives releases; null: every release (updatesUntil in licenses.ts). */
  updatesUntil: Date | null;
  /** Whether the plan sells updates: only then does a renewal move `updatesUntil`. */
  updatePermissions: boolean;
  /** Whether the licence can be renewed at all (it expires and is not revoked). */
  renewable: boolean;
  /** Whether the licence's owner asked for beta releases. */
  betaOptIn: boolean;
}

export interface ReleaseForLicences {
  channel: ReleaseChannel;
  state: ReleaseState;
  publishedAt: Date | null;
}

/**
 * Entitlement: a licence may have a published release when it is active or in grace and the
 * release was published on or before its `updates_until` (no end: every release); a beta
 * release only if its owner opted in. Suspended and revoked licences get nothing; an expired
 * one gets nothing until it is renewed. A release out of reach only because of the dates is
 * `after_renewal` when a renewal would cover it: the licence renews and its plan sells updates.
 */
export function releaseAccess(
  licence: LicenceForReleases,
  release: ReleaseForLicences,
): ReleaseAccess {
  if (release.state !== 'published' || release.publishedAt === null) return 'not_covered';
  if (licence.status === 'suspended' || licence.status === 'revoked') return 'not_covered';
  if (release.channel === 'beta' && !licence.betaOptIn) return 'not_covered';
  const withinRights =
    licence.updatesUntil === null ||
    release.publishedAt.getTime() <= licence.updatesUntil.getTime();
  if (withinRights && licence.status !== 'expired') return 'included';
  return licence.renewable && licence.updatePermissions ? 'after_renewal' : 'not_covered';
}

export interface UpdateChoice<T> {
  /** The newest included release newer than the installed version, or null. */
  update: T | null;
  /** The newest release newer than the installed one (and than `update`) a renewal would unlock. */
  newerNotEntitled: T | null;
}

/**
 * What the update check answers an installation at `currentVersion` asking on `channel`
 * (stable only, or beta as well): among published releases of those channels newer than the
 * installed one, the newest it is entitled to, and the newest beyond that it is not.
 */
export function chooseUpdate<T extends ReleaseForLicences & { version: string }>(
  licence: LicenceForReleases,
  releases: readonly T[],
  currentVersion: string,
  channel: ReleaseChannel,
): UpdateChoice<T> {
  const newer = newestFirst(
    releases.filter(
      (release) =>
        (channel === 'beta' || release.channel === 'stable') &&
        compareVersions(release.version, currentVersion) > 0,
    ),
  );
  const update = newer.find((release) => releaseAccess(licence, release) === 'included') ?? null;
  const newerNotEntitled =
    newer.find(
      (release) =>
        releaseAccess(licence, release) === 'after_renewal' &&
        (update === null || compareVersions(release.version, update.version) > 0),
    ) ?? null;
  return { update, newerNotEntitled };
}

/** What publishing or withdrawing a release in `state` is refused for, if anything. */
export type ReleaseMoveRefusal =
  | 'release.already_published'
  | 'release.not_published'
  | 'release.no_artifact'
  | 'release.withdrawn';

export function publishRefusal(
  state: ReleaseState,
  artifactCount: number,
): ReleaseMoveRefusal | null {
  if (state === 'published') return 'release.already_published';
  if (state === 'withdrawn') return 'release.withdrawn';
  return artifactCount === 0 ? 'release.no_artifact' : null;
}

export const withdrawRefusal = (state: ReleaseState): ReleaseMoveRefusal | null =>
  state === 'published' ? null : 'release.not_published';

/** Artifacts can be added or removed while the release is a draft only: published files are signed and final. */
export const artifactChangeRefusal = (state: ReleaseState): 'release.not_draft' | null =>
  state === 'draft' ? null : 'release.not_draft';

/** How long a download link works. */
export const DOWNLOAD_LINK_TTL_MS = 15 * 60 * 1000;

/** Artifact file names: a plain file name, no path, no control characters. */
export const ARTIFACT_FILE_NAME_MAX = 120;
const ARTIFACT_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;
export const isArtifactFileName = (name: string): boolean =>
  name.length <= ARTIFACT_FILE_NAME_MAX && ARTIFACT_FILE_NAME.test(name) && !name.includes('..');
