import { StaffReleaseResponseSchema, type StaffRelease } from '@cadran/domain/release-api';
import { AdminRoadmapListResponseSchema } from '@cadran/domain/roadmap';
import { localizedRoadmapText } from '@cadran/domain/roadmap-model';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/lib/file-size';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { adminApi } from '../../api/admin-api';
import { useAdminResource } from '../../api/use-admin-list';
import { useAdminAction } from '../../api/use-admin-mutation';
import { BackLink, ScreenHeader } from '../../layout/screen-header';
import { useIsAdmin } from '../../session/session-store';
import { ConfirmAction } from '../../ui/confirm-action';
import { LoadState } from '../../ui/load-state';
import { Panel } from '../../ui/panel';
import { ReleaseForm, type ReleaseDraft } from './release-form';
import { RELEASES_KEY } from './releases-screen';
import { uploadArtifact } from './upload';

/** Uploads a file of a draft, showing how much of it has gone. */
function UploadForm({ release }: { release: StaffRelease }) {
  const { t } = useTranslation('admin-content');
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setMessage(null);
    setProgress(0);
    uploadArtifact(release.id, file, setProgress).then(
      async (artifact) => {
        setMessage({ tone: 'success', text: t('releases.uploaded', { file: artifact.file }) });
        setFile(null);
        setProgress(null);
        await client.invalidateQueries({ queryKey: RELEASES_KEY });
      },
      (error: unknown) => {
        setProgress(null);
        setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-3">
      <label className="block text-sm font-semibold text-slate-900">
        {t('releases.file')}
        <input
          type="file"
          name="file"
          className="mt-2 block text-sm"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      {progress !== null && (
        <label className="block text-sm text-slate-700">
          {t('releases.uploading', { percent: Math.round(progress * 100) })}
          <progress className="mt-1 block w-full" max={1} value={progress} />
        </label>
      )}
      <Button type="submit" size="sm" disabled={!file || progress !== null}>
        {t('releases.upload')}
      </Button>
      {/* A region present from the start, so the outcome is announced; the alert is its role. */}
      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
    </form>
  );
}

/** One release: its notes and items (a draft changes), files and downloads, publish, withdraw. */
export function ReleaseScreen() {
  const { t } = useTranslation('admin-content');
  const { id = '' } = useParams();
  const language = currentLanguage();
  const isAdmin = useIsAdmin();
  const query = useAdminResource(['releases', id], `/releases/${id}`, StaffReleaseResponseSchema);
  const roadmap = useAdminResource(['roadmap'], '/roadmap', AdminRoadmapListResponseSchema);
  const keys = [RELEASES_KEY, ['admin', 'roadmap']] as const;
  const update = useAdminAction(
    (draft: ReleaseDraft) =>
      adminApi.patch(
        `/releases/${id}`,
        {
          channel: draft.channel,
          notes_fr: draft.notes_fr,
          notes_en: draft.notes_en,
          roadmap_item_ids: draft.roadmap_item_ids,
        },
        StaffReleaseResponseSchema,
      ),
    keys,
  );
  const publish = useAdminAction(
    () => adminApi.post(`/releases/${id}/publish`, {}, StaffReleaseResponseSchema),
    keys,
  );
  const withdraw = useAdminAction(
    () => adminApi.post(`/releases/${id}/withdraw`, {}, StaffReleaseResponseSchema),
    keys,
  );
  return (
    <>
      <BackLink to="/releases">{t('releases.back')}</BackLink>
      <LoadState query={query}>
        {({ release }) => (
          <>
            <ScreenHeader
              title={t('releases.versionTitle', { version: release.version })}
              description={t(`releases.states.${release.state}`)}
            />
            {isAdmin && (
              <div className="mb-6 flex flex-wrap gap-2">
                {release.state === 'draft' && (
                  <ConfirmAction
                    variant="primary"
                    label={t('releases.publish')}
                    title={t('releases.publishTitle', { version: release.version })}
                    description={t('releases.publishIntro')}
                    confirmLabel={t('releases.publish')}
                    pending={publish.pending}
                    failure={publish.failure}
                    onConfirm={async () => (await publish.run(undefined)) !== undefined}
                  />
                )}
                {release.state === 'published' && (
                  <ConfirmAction
                    label={t('releases.withdraw')}
                    title={t('releases.withdrawTitle', { version: release.version })}
                    description={t('releases.withdrawIntro')}
                    confirmLabel={t('releases.withdraw')}
                    pending={withdraw.pending}
                    failure={withdraw.failure}
                    onConfirm={async () => (await withdraw.run(undefined)) !== undefined}
                  />
                )}
              </div>
            )}
            <div className="grid gap-6 lg:grid-cols-2">
              <Panel title={t('releases.files')}>
                {release.artifacts.length === 0 ? (
                  <p className="text-sm text-slate-700">{t('releases.noFiles')}</p>
                ) : (
                  <ul className="space-y-3 text-sm">
                    {release.artifacts.map((artifact) => (
                      <li key={artifact.id}>
                        <span className="font-mono font-semibold">{artifact.file}</span>
                        <span className="block text-slate-600">
                          {t('releases.fileFacts', {
                            size: formatFileSize(artifact.size),
                            count: artifact.downloads,
                          })}
                        </span>
                        <code className="block font-mono text-xs break-all text-slate-700">
                          {artifact.sha256}
                        </code>
                      </li>
                    ))}
                  </ul>
                )}
                {isAdmin && release.state === 'draft' && <UploadForm release={release} />}
              </Panel>
              <Panel title={t('releases.facts')}>
                <p className="text-sm text-slate-700">
                  {release.published_at
                    ? t('releases.publishedOn', { date: formatDate(release.published_at) })
                    : t('releases.notPublished')}
                </p>
                <p className="mt-2 text-sm text-slate-700">
                  {t('releases.totalDownloads', { count: release.downloads })}
                </p>
              </Panel>
            </div>
            {isAdmin && release.state === 'draft' && roadmap.data ? (
              <Panel title={t('releases.edit')} className="mt-6">
                <ReleaseForm
                  fixedVersion
                  initial={{
                    version: release.version,
                    channel: release.channel,
                    notes_fr: release.notes_fr,
                    notes_en: release.notes_en,
                    roadmap_item_ids: release.roadmap_items.map((item) => item.id),
                  }}
                  items={roadmap.data.data}
                  submitLabel={t('releases.save')}
                  pending={update.pending}
                  failure={update.failure}
                  onSubmit={async (draft) => (await update.run(draft)) !== undefined}
                />
              </Panel>
            ) : (
              <Panel title={t('releases.items')} className="mt-6">
                {release.roadmap_items.length === 0 && (
                  <p className="text-sm text-slate-700">{t('releases.noItems')}</p>
                )}
                <ul className="list-disc pl-5 text-sm text-slate-700">
                  {release.roadmap_items.map((item) => (
                    <li key={item.id}>
                      {localizedRoadmapText({ ...item, description: null }, language).title}
                    </li>
                  ))}
                </ul>
              </Panel>
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
