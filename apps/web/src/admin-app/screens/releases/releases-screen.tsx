import {
  StaffReleaseListResponseSchema,
  StaffReleaseResponseSchema,
} from '@cadran/domain/release-api';
import { AdminRoadmapListResponseSchema } from '@cadran/domain/roadmap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '@/lib/format';
import { adminApi } from '../../api/admin-api';
import { useAdminResource } from '../../api/use-admin-list';
import { useAdminAction } from '../../api/use-admin-mutation';
import { ScreenHeader } from '../../layout/screen-header';
import { useIsAdmin } from '../../session/session-store';
import { LoadState } from '../../ui/load-state';
import { Panel } from '../../ui/panel';
import { emptyDraft, ReleaseForm, type ReleaseDraft } from './release-form';

export const RELEASES_KEY = ['admin', 'releases'] as const;

/** Every release, newest first, with its state and downloads; administrators create drafts. */
export function ReleasesScreen() {
  const { t } = useTranslation('admin-content');
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const releases = useAdminResource(['releases'], '/releases', StaffReleaseListResponseSchema);
  const roadmap = useAdminResource(['roadmap'], '/roadmap', AdminRoadmapListResponseSchema);
  const create = useAdminAction(
    (draft: ReleaseDraft) => adminApi.post('/releases', draft, StaffReleaseResponseSchema),
    [RELEASES_KEY],
  );
  return (
    <>
      <ScreenHeader title={t('releases.title')} description={t('releases.intro')} />
      {isAdmin && roadmap.data && (
        <Panel title={t('releases.create')} className="mb-6">
          <ReleaseForm
            initial={emptyDraft()}
            items={roadmap.data.data}
            submitLabel={t('releases.createSubmit')}
            pending={create.pending}
            failure={create.failure}
            onSubmit={async (draft) => {
              const answer = await create.run(draft);
              if (answer) await navigate(`/releases/${answer.release.id}`);
              return answer !== undefined;
            }}
          />
        </Panel>
      )}
      <LoadState query={releases}>
        {(answer) => (
          <Panel title={t('releases.list')}>
            {answer.releases.length === 0 ? (
              <p className="text-slate-700">{t('releases.none')}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t('releases.list')}</caption>
                  <thead className="border-b border-slate-200 text-slate-600">
                    <tr>
                      <th scope="col" className="py-2 pr-4">
                        {t('releases.version')}
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        {t('releases.state')}
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        {t('releases.publishedAt')}
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        {t('releases.downloads')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.releases.map((release) => (
                      <tr key={release.id} className="border-b border-slate-100 last:border-0">
                        <td className="py-2 pr-4">
                          <Link
                            to={`/releases/${release.id}`}
                            className="font-mono font-semibold text-brand-700 underline"
                          >
                            {release.version}
                          </Link>
                          {release.channel === 'beta' && (
                            <span className="ml-2 text-xs text-slate-600">
                              {t('releases.channels.beta')}
                            </span>
                          )}
                        </td>
                        <td className="py-2 pr-4">{t(`releases.states.${release.state}`)}</td>
                        <td className="py-2 pr-4">
                          {release.published_at ? formatDate(release.published_at) : '—'}
                        </td>
                        <td className="py-2 pr-4 text-right">{release.downloads}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
        )}
      </LoadState>
    </>
  );
}
