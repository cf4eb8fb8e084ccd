import { ROADMAP_STATUSES, type RoadmapItem } from '@cadran/domain/roadmap';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkboxClasses, inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { SubmitFailure } from '@/lib/submit-failure';

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
  const id = useId();
  const [draft, setDraft] = useState(() => fromItem(item));
  const set = <K extends keyof RoadmapDraft>(key: K, value: RoadmapDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fieldError = (name: string) => failure?.errors[name]?.[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(draft).then((ok) => {
      if (ok && !item) setDraft(fromItem());
    });
  };
  const text = (name: 'title' | 'title_en' | 'category', label: string, required = false) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        required={required}
        value={draft[name] ?? ''}
        aria-invalid={fieldError(name) ? true : undefined}
        onChange={(event) => set(name, event.target.value)}
        className={`${inputClasses(!!fieldError(name))} mt-2`}
      />
      {fieldError(name) && <p className="mt-1 text-sm text-red-700">{fieldError(name)}</p>}
    </div>
  );
  const area = (name: 'description' | 'description_en', label: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <textarea
        id={`${id}-${name}`}
        rows={6}
        value={draft[name] ?? ''}
        onChange={(event) => set(name, event.target.value)}
        className={`${inputClasses(false)} mt-2`}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {failure && <Alert tone="error">{failure.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('title', t('roadmap.titleFr'), true)}
        {text('title_en', t('roadmap.titleEn'))}
        {area('description', t('roadmap.descriptionFr'))}
        {area('description_en', t('roadmap.descriptionEn'))}
        {text('category', t('roadmap.category'))}
        <div>
          <label htmlFor={`${id}-status`} className="block text-sm font-semibold text-slate-900">
            {t('roadmap.column')}
          </label>
          <select
            id={`${id}-status`}
            value={draft.status}
            onChange={(event) => set('status', event.target.value as RoadmapDraft['status'])}
            className={`${inputClasses(false)} mt-2`}
          >
            {ROADMAP_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ta(`status.roadmap.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={`${id}-public`}
          type="checkbox"
          className={checkboxClasses}
          checked={draft.is_public}
          onChange={(event) => set('is_public', event.target.checked)}
        />
        <label htmlFor={`${id}-public`} className="text-sm text-slate-700">
          {t('roadmap.public')}
        </label>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {ta('actions.cancel')}
          </Button>
        )}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
