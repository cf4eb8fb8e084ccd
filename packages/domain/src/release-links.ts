/**
 * Where the changelog shows a release: kept apart from release-rules.ts (and its semver
 * parser) so the pages that only link to a release do not load it.
 */

/** The anchor of a version on the changelog page ("v2.4.0"). */
export const versionAnchor = (version: string): string =>
  `v${version.replace(/[^A-Za-z0-9.-]/g, '-')}`;

/** The changelog entry of a version, as a path of the French site (the English one adds /en). */
export const changelogEntryPath = (version: string): string =>
  `/changelog#${versionAnchor(version)}`;
