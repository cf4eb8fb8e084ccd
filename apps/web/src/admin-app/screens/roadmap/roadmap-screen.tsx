import {
  AdminRoadmapItemResponseSchema,
  AdminRoadmapListResponseSchema,
  ROADMAP_STATUSES,
  type RoadmapItem,
} from '@cadran/domain/roadmap';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { adminApi } from '../../api/admin-api';
import { success } from '../../api/list';
import { useAdminResource } from '../../api/use-admin-list';
import { useAdminAction } from '../../api/use-admin-mutation';
import { ScreenHeader } from '../../layout/screen-header';
import { useIsAdmin } from '../../session/session-store';
import { ConfirmAction } from '../../ui/confirm-action';
import { LoadState } from '../../ui/load-state';
import { Panel } from '../../ui/panel';
import { columnsOf } from './reorder';
import { RoadmapColumn } from './roadmap-column';
import { RoadmapForm, type RoadmapDraft } from './roadmap-form';

const KEY = ['admin', 'roadmap'] as const;

/**
 * The roadmap as the public page shows it, hidden items included: create, edit, delete and
 * reorder (administrators); every change reaches open /roadmap pages live.
 */
export function RoadmapScreen() {
  const { t } = useTranslation('admin-content');
  const isAdmin = useIsAdmin();
  const query = useAdminResource(['roadmap'], '/roadmap', AdminRoadmapListResponseSchema);
  const client = useQueryClient();
  const [editing, setEditing] = useState<RoadmapItem | null>(null);
  const create = useAdminAction(
    (draft: RoadmapDraft) => adminApi.post('/roadmap', draft, AdminRoadmapItemResponseSchema),
    [KEY],
  );
  const update = useAdminAction(
    ({ id, draft }: { id: number; draft: RoadmapDraft }) =>
      adminApi.patch(`/roadmap/${id}`, draft, AdminRoadmapItemResponseSchema),
    [KEY],
  );
  const remove = useAdminAction((id: number) => adminApi.delete(`/roadmap/${id}`, success), [KEY]);
  const reorder = useAdminAction(
    (ids: number[]) => adminApi.post('/roadmap/reorder', { ids }, AdminRoadmapListResponseSchema),
    [KEY],
  );

  const saveOrder = (ids: number[]) => {
    // Shown in the new order at once; the list is read again once the server has it.
    client.setQueryData(KEY, (answer: typeof query.data) =>
      answer
        ? {
            ...answer,
            data: answer.data.map((item) =>
              ids.includes(item.id) ? { ...item, sort_order: ids.indexOf(item.id) } : item,
            ),
          }
        : answer,
    );
    void reorder.run(ids);
  };

  return (
    <>
      <ScreenHeader title={t('roadmap.title')} description={t('roadmap.intro')} />
      {reorder.failure && (
        <Alert tone="error" className="mb-4">
          {reorder.failure.message}
        </Alert>
      )}
      {isAdmin && (
        <Panel title={t('roadmap.create')} className="mb-6">
          <RoadmapForm
            submitLabel={t('roadmap.createSubmit')}
            pending={create.pending}
            failure={create.failure}
            onSubmit={async (draft) => (await create.run(draft)) !== undefined}
          />
        </Panel>
      )}
      <LoadState query={query}>
        {(answer) => {
          const columns = columnsOf(answer.data);
          return (
            <div className="grid gap-4 lg:grid-cols-3">
              {ROADMAP_STATUSES.map((status) => (
                <RoadmapColumn
                  key={status}
                  title={t(`roadmap.columns.${status}`)}
                  items={columns[status]}
                  canReorder={isAdmin}
                  onReorder={saveOrder}
                  actions={(item) =>
                    isAdmin && (
                      <>
                        <Button size="sm" variant="outline" onClick={() => setEditing(item)}>
                          {t('roadmap.edit')}
                        </Button>
                        <ConfirmAction
                          label={t('roadmap.delete')}
                          title={t('roadmap.deleteTitle')}
                          description={t('roadmap.deleteIntro', { title: item.title })}
                          confirmLabel={t('roadmap.deleteConfirm')}
                          pending={remove.pending}
                          failure={remove.failure}
                          onConfirm={async () => (await remove.run(item.id)) !== undefined}
                        />
                      </>
                    )
                  }
                />
              ))}
            </div>
          );
        }}
      </LoadState>
      <ModalDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t('roadmap.editTitle')}
        // Room for a title and a description side by side in both languages; on a phone the
        // dialog keeps to the screen's height and scrolls inside.
        className="max-h-[calc(100dvh-2rem)] max-w-4xl! overflow-y-auto"
      >
        {editing && (
          <RoadmapForm
            item={editing}
            submitLabel={t('roadmap.save')}
            pending={update.pending}
            failure={update.failure}
            onCancel={() => setEditing(null)}
            onSubmit={async (draft) => {
              const saved = await update.run({ id: editing.id, draft });
              if (saved) setEditing(null);
              return saved !== undefined;
            }}
          />
        )}
      </ModalDialog>
    </>
  );
}
