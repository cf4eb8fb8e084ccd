import type { DownloadRelease } from '@cadran/domain/release-api';
import { versionAnchor } from '@cadran/domain/release-links';
import { localizedRoadmapText } from '@cadran/domain/roadmap-model';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnchorButton } from '@/components/ui/button';
import { formatFileSize } from '@/lib/file-size';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { CopyButton } from '../../components/copy-button';

/**
 * One release in the client area: notes, items shipped, each file with its size, SHA-256 and
 * download link (when a licence includes it), and what each of the account's licences makes
 * of it: included, unlocked by a renewal, or not in the plan.
 */
export function ReleaseCard({ release }: { release: DownloadRelease }) {
  const { t } = useTranslation('client');
  const language = currentLanguage();
  const anchor = `${versionAnchor(release.version)}-title`;
  const included = release.licences.some((licence) => licence.access === 'included');
  return (
    <article
      aria-labelledby={anchor}
      className="rounded-card border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={anchor} className="text-xl font-semibold text-slate-900">
          {t('downloads.version', { version: release.version })}
          {release.channel === 'beta' && (
            <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t('downloads.beta')}
            </span>
          )}
        </h2>
        <p className="text-sm text-slate-600">
          {t('downloads.published', { date: formatDate(release.published_at) })}
        </p>
      </header>
      <div
        className="prose-cadran mt-2 text-sm"
        // Safe HTML from the server's Markdown renderer (raw HTML escaped, links checked).
        dangerouslySetInnerHTML={{ __html: release.notes_html[language] }}
      />
      {release.items.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">{t('downloads.shipped')}</span>{' '}
          {release.items
            .map((item) => localizedRoadmapText({ ...item, description: null }, language).title)
            .join(' · ')}
        </p>
      )}
      <ul className="mt-4 space-y-1 text-sm" aria-label={t('downloads.licencesLabel')}>
        {release.licences.map((licence) => (
          <li key={licence.license_id} className="text-slate-700">
            <span className="font-mono">{licence.key}</span>{' '}
            {t('downloads.planOf', { plan: licence.plan })}{' '}
            {licence.access === 'after_renewal' ? (
              <>
                {t('downloads.access.after_renewal')}{' '}
                <Link
                  to={`/licences/${licence.license_id}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {t('downloads.renew')}
                </Link>
              </>
            ) : (
              t(`downloads.access.${licence.access}`)
            )}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-sm font-semibold text-slate-900" id={`${anchor}-files`}>
        {t('downloads.filesOf', { version: release.version })}
      </h3>
      <ul className="mt-2 divide-y divide-slate-100" aria-labelledby={`${anchor}-files`}>
        {release.artifacts.map((artifact) => (
          <li
            key={artifact.file}
            className="grid gap-2 py-3 text-sm sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-start sm:gap-4"
          >
            <div>
              <span className="font-mono break-all">{artifact.file}</span>
              <span className="block text-xs text-slate-600">{formatFileSize(artifact.size)}</span>
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <span className="sr-only">{t('downloads.checksum')}</span>
              <code
                className="min-w-0 flex-1 basis-48 font-mono text-xs break-all text-slate-700"
                data-testid="artifact-sha256"
              >
                {artifact.sha256}
              </code>
              <CopyButton
                value={artifact.sha256}
                label={t('downloads.copyChecksum', { file: artifact.file })}
                said={{
                  copied: t('downloads.checksumCopied'),
                  failed: t('downloads.checksumCopyFailed'),
                }}
              />
            </div>
            <div className="sm:text-right">
              {artifact.download_url ? (
                <AnchorButton
                  href={artifact.download_url}
                  download={artifact.file}
                  size="sm"
                  aria-label={t('downloads.downloadFile', { file: artifact.file })}
                >
                  {t('downloads.download')}
                </AnchorButton>
              ) : (
                !included && (
                  <span className="text-xs text-slate-600">{t('downloads.notIncluded')}</span>
                )
              )}
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
