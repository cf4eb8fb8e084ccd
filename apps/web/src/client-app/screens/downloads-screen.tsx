import { useTranslation } from 'react-i18next';
import { QueryState, ScreenTitle } from '../components/screen';
import { useDownloads } from '../api/downloads';
import { ReleaseCard } from './downloads/release-card';
import { ReleaseSettings } from './downloads/release-settings';

/**
 * Downloads (docs/product.md 'Releases' ('Client area')): the releases the account's licences
 * reach, newest first, with notes, checksums and download buttons, what a renewal would
 * unlock, and the account's release settings.
 */
export function DownloadsScreen() {
  const { t } = useTranslation('client');
  const downloads = useDownloads();
  return (
    <>
      <ScreenTitle title={t('downloads.title')} intro={t('downloads.intro')} />
      {!downloads.data ? (
        <QueryState
          pending={downloads.isPending}
          error={downloads.error}
          retry={() => void downloads.refetch()}
        />
      ) : (
        <div className="space-y-6">
          {downloads.data.releases.length === 0 ? (
            <p className="rounded-card border border-slate-200 bg-white p-5 text-slate-700">
              {t('downloads.none')}
            </p>
          ) : (
            downloads.data.releases.map((release) => (
              <ReleaseCard key={release.version} release={release} />
            ))
          )}
          <ReleaseSettings preferences={downloads.data.preferences} />
        </div>
      )}
    </>
  );
}
