import type { Language } from '@cadran/domain/constants';
import type { PublicRelease } from '@cadran/domain/release-api';
import { localizedRoadmapText } from '@cadran/domain/roadmap-model';
import { escapeXml } from '../../http/xml-text';
import { changelogPath, changelogUrl } from './urls';

/**
 * The changelog as an Atom feed (RFC 4287), one entry per published stable release, newest
 * first, in one language. Every text is escaped; the notes travel as escaped HTML (`type="html"`),
 * the same safe HTML the page shows.
 */

const copy = {
  fr: { title: 'Cadran CMS : journal des versions', shipped: 'Livré dans cette version' },
  en: { title: 'Cadran CMS: changelog', shipped: 'Shipped in this release' },
} as const;

function entryHtml(release: PublicRelease, lang: Language): string {
  const items = release.items.map(
    (item) =>
      `<li>${escapeXml(localizedRoadmapText({ ...item, description: null }, lang).title)}</li>`,
  );
  const shipped =
    items.length > 0 ? `<h3>${copy[lang].shipped}</h3><ul>${items.join('')}</ul>` : '';
  return `${release.notes_html[lang]}${shipped}`;
}

export function atomFeed(
  releases: readonly PublicRelease[],
  lang: Language,
  publicUrl: string,
): string {
  const c = copy[lang];
  const host = new URL(publicUrl).host;
  const feedUrl = `${publicUrl}${changelogPath(lang)}.xml`;
  const updated = releases[0]?.published_at ?? new Date(0).toISOString();
  const entries = releases.map((release) => {
    const url = changelogUrl(publicUrl, lang, release.version);
    return `  <entry>
    <id>tag:${escapeXml(host)},2026:release:${escapeXml(release.version)}:${lang}</id>
    <title>Cadran CMS ${escapeXml(release.version)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>
    <published>${release.published_at}</published>
    <updated>${release.published_at}</updated>
    <content type="html">${escapeXml(entryHtml(release, lang))}</content>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">
  <id>${escapeXml(feedUrl)}</id>
  <title>${escapeXml(c.title)}</title>
  <link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(changelogUrl(publicUrl, lang))}"/>
  <updated>${updated}</updated>
  <author><name>Cadran</name></author>
${entries.join('\n')}
</feed>
`;
}
