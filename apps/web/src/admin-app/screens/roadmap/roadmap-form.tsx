import { ROADMAP_STATUSES, type RoadmapItem } from '@cadran/domain/roadmap';
import { useTranslation } from 'react-i18next';
import type { SubmitFailure } from '@/lib/submit-failure';
import {
  BilingualTextFields,
  DraftCheckbox,
  DraftFormFrame,
  DraftSelectField,
  DraftTextField,
  useDraftForm,
} from '../../ui/draft-form';

export interface RoadmapDraft {
  title: string;
  title_en: string | null;
  description: string | null;
  description_en: string | null;
  category: string | null;
  status: RoadmapItem['status'];
  is_public: boolean;
}

const fromItem = (item?: RoadmapItem): RoadmapDraft => ({
  title: item?.title ?? '',
  title_en: item?.title_en ?? '',
  description: item?.description ?? '',
  description_en: item?.description_en ?? '',
  category: item?.category ?? '',
  status: item?.status ?? 'planned',
  is_public: item?.is_public ?? false,
});

/** A roadmap item's texts in French and English, its column, category and public flag. */
export function RoadmapForm({
  item,
  submitLabel,
  pending,
  failure,
  onSubmit,
  onCancel,
}: {
  item?: RoadmapItem;
  submitLabel: string;
  pending: boolean;
  failure: SubmitFailure | null;
  onSubmit: (draft: RoadmapDraft) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin-content');
  const { t: ta } = useTranslation('admin');
  const form = useDraftForm({
    initial: () => fromItem(item),
    failure,
    onSubmit,
    reset: item ? undefined : () => fromItem(),
  });
  return (
    <DraftFormFrame
      form={form}
      failure={failure}
      pending={pending}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualTextFields
          form={form}
          names={['title', 'title_en']}
          labels={[t('roadmap.titleFr'), t('roadmap.titleEn')]}
          required="french"
        />
        <BilingualTextFields
          form={form}
          names={['description', 'description_en']}
          labels={[t('roadmap.descriptionFr'), t('roadmap.descriptionEn')]}
          rows={6}
        />
        <DraftTextField form={form} name="category" label={t('roadmap.category')} />
        <DraftSelectField
          form={form}
          name="status"
          label={t('roadmap.column')}
          values={ROADMAP_STATUSES}
          labelOf={(status) => ta(`status.roadmap.${status}`)}
        />
      </div>
      <DraftCheckbox
        id={`${form.id}-public`}
        label={t('roadmap.public')}
        checked={form.draft.is_public}
        onChange={(checked) => form.set('is_public', checked)}
      />
    </DraftFormFrame>
  );
}
