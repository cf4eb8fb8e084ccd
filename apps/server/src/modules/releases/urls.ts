import type { Language } from '@cadran/domain/constants';
import { clientAreaPath } from '@cadran/domain/localized-path';
import { versionAnchor } from '@cadran/domain/release-links';

/** Addresses releases point to: the changelog entry of a version, a licence's renewal. */

export const changelogPath = (lang: Language): string =>
  lang === 'en' ? '/en/changelog' : '/changelog';

export const changelogUrl = (publicUrl: string, lang: Language, version?: string): string =>
  `${publicUrl}${changelogPath(lang)}${version ? `#${versionAnchor(version)}` : ''}`;

/**
 * The client area's page of the licence, where its renewal is ordered; in the reader's language
 * when the link goes into an e-mail (an installed copy asking for updates has none).
 */
export const renewUrl = (publicUrl: string, licenseId: string, lang?: Language): string =>
  lang
    ? `${publicUrl}${clientAreaPath(`/licences/${licenseId}`, lang)}`
    : `${publicUrl}/client/licences/${licenseId}`;

/** The client area's downloads, where release e-mails are set, in the reader's language. */
export const downloadsUrl = (publicUrl: string, lang: Language): string =>
  `${publicUrl}${clientAreaPath('/downloads', lang)}`;
