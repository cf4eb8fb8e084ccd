import { RELEASE_CHANNELS } from '@cadran/domain/release-rules';
import type { RoadmapItem } from '@cadran/domain/roadmap';
import { localizedRoadmapText } from '@cadran/domain/roadmap-model';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkboxClasses, inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import type { SubmitFailure } from '@/lib/submit-failure';

export interface ReleaseDraft {
  version: string;
  channel: (typeof RELEASE_CHANNELS)[number];
  notes_fr: string;
  notes_en: string;
  roadmap_item_ids: number[];
}

export const emptyDraft = (): ReleaseDraft => ({
  version: '',
  channel: 'stable',
  notes_fr: '',
  notes_en: '',
  roadmap_item_ids: [],
});

/**
 * A release's version, channel, notes (Markdown, French and English) and the roadmap items it
 * ships. The version is fixed once created (`fixedVersion`).
 */
export function ReleaseForm({
  initial,
  fixedVersion,
  items,
  submitLabel,
  pending,
  failure,
  onSubmit,
}: {
  initial: ReleaseDraft;
  fixedVersion?: boolean;
  items: readonly RoadmapItem[];
  submitLabel: string;
  pending: boolean;
  failure: SubmitFailure | null;
  onSubmit: (draft: ReleaseDraft) => Promise<boolean>;
}) {
  const { t } = useTranslation('admin-content');
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const fieldError = (name: string) => failure?.errors[name]?.[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(draft).then((ok) => {
      if (ok && !fixedVersion) setDraft(emptyDraft());
    });
  };
  const toggleItem = (itemId: number, on: boolean) =>
    setDraft((current) => ({
      ...current,
      roadmap_item_ids: on
        ? [...current.roadmap_item_ids, itemId]
        : current.roadmap_item_ids.filter((idOf) => idOf !== itemId),
    }));
  const notes = (name: 'notes_fr' | 'notes_en', label: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <textarea
        id={`${id}-${name}`}
        rows={6}
        required
        value={draft[name]}
        aria-invalid={fieldError(name) ? true : undefined}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        className={`${inputClasses(!!fieldError(name))} mt-2 font-mono text-sm`}
      />
      {fieldError(name) && <p className="mt-1 text-sm text-red-700">{fieldError(name)}</p>}
    </div>
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {failure && <Alert tone="error">{failure.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-version`} className="block text-sm font-semibold text-slate-900">
            {t('releases.version')}
          </label>
          <input
            id={`${id}-version`}
            required
            disabled={fixedVersion}
            placeholder="2.5.0"
            value={draft.version}
            aria-invalid={fieldError('version') ? true : undefined}
            aria-describedby={`${id}-version-help`}
            onChange={(event) => setDraft({ ...draft, version: event.target.value })}
            className={`${inputClasses(!!fieldError('version'))} mt-2 font-mono`}
          />
          <p id={`${id}-version-help`} className="mt-1 text-xs text-slate-600">
            {t('releases.versionHelp')}
          </p>
          {fieldError('version') && (
            <p className="mt-1 text-sm text-red-700">{fieldError('version')}</p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-channel`} className="block text-sm font-semibold text-slate-900">
            {t('releases.channel')}
          </label>
          <select
            id={`${id}-channel`}
            value={draft.channel}
            onChange={(event) =>
              setDraft({ ...draft, channel: event.target.value as ReleaseDraft['channel'] })
            }
            className={`${inputClasses(false)} mt-2`}
          >
            {RELEASE_CHANNELS.map((channel) => (
              <option key={channel} value={channel}>
                {t(`releases.channels.${channel}`)}
              </option>
            ))}
          </select>
        </div>
        {notes('notes_fr', t('releases.notesFr'))}
        {notes('notes_en', t('releases.notesEn'))}
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('releases.items')}</legend>
        <p className="text-xs text-slate-600">{t('releases.itemsHelp')}</p>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-2">
              <input
                id={`${id}-item-${item.id}`}
                type="checkbox"
                className={checkboxClasses}
                checked={draft.roadmap_item_ids.includes(item.id)}
                onChange={(event) => toggleItem(item.id, event.target.checked)}
              />
              <label htmlFor={`${id}-item-${item.id}`} className="text-sm text-slate-700">
                {localizedRoadmapText(item, currentLanguage()).title}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
