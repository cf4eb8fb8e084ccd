import type { Language } from '@cadran/domain/constants';
import { versionAnchor } from '@cadran/domain/release-links';

/** Addresses releases point to: the changelog entry of a version, a licence's renewal. */

export const changelogPath = (lang: Language): string =>
  lang === 'en' ? '/en/changelog' : '/changelog';

export const changelogUrl = (publicUrl: string, lang: Language, version?: string): string =>
  `${publicUrl}${changelogPath(lang)}${version ? `#${versionAnchor(version)}` : ''}`;

/** The client area's page of the licence, where its renewal is ordered. */
export const renewUrl = (publicUrl: string, licenseId: string): string =>
  `${publicUrl}/client/licences/${licenseId}`;
