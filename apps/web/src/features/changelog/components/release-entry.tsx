import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicRelease } from '@cadran/domain/release-api';
import { versionAnchor } from '@cadran/domain/release-links';
import { localizedRoadmapText } from '@cadran/domain/roadmap-model';
import type { Language } from '@cadran/domain/constants';
import { formatDate } from '@/lib/format';

/**
 * One release of the changelog: its version (the anchor links point to), its date, its notes
 * (HTML the server rendered from Markdown with raw HTML escaped and unsafe links dropped) and
 * the roadmap items it shipped. Plain text: nothing here reacts to input.
 */
export function ReleaseEntry({
  release,
  language,
}: {
  release: PublicRelease;
  language: Language;
}) {
  const { t } = useTranslation('changelog');
  const anchor = versionAnchor(release.version);
  return (
    <article
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="scroll-mt-24 border-t border-slate-200 py-10 first:border-t-0 first:pt-0"
    >
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 id={`${anchor}-title`} className="text-2xl text-slate-900">
          {t('version', { version: release.version })}
        </h2>
        <p className="text-sm text-slate-600">
          <time dateTime={release.published_at}>
            {formatDate(release.published_at, { language, timeZone: 'Europe/Paris' })}
          </time>
        </p>
      </header>
      <div
        className="prose-cadran mt-2"
        // Safe HTML from the server's Markdown renderer (raw HTML escaped, links checked).
        dangerouslySetInnerHTML={{ __html: release.notes_html[language] }}
      />
      {release.items.length > 0 && (
        <section aria-label={t('shipped')} className="mt-6">
          <h3 className="text-sm font-semibold text-slate-900">{t('shipped')}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {release.items.map((item) => (
              <li key={item.id}>
                {localizedRoadmapText({ ...item, description: null }, language).title}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            <Link to="/roadmap" className="text-brand-700 underline underline-offset-2">
              {t('roadmapLink')}
            </Link>
          </p>
        </section>
      )}
    </article>
  );
}
