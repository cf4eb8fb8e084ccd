import { RELEASE_CHANNELS } from '@cadran/domain/release-rules';
import type { RoadmapItem } from '@cadran/domain/roadmap';
import { localizedRoadmapText } from '@cadran/domain/roadmap-model';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import type { SubmitFailure } from '@/lib/submit-failure';
import {
  BilingualTextFields,
  DraftCheckbox,
  DraftFormFrame,
  DraftSelectField,
  DraftTextField,
  useDraftForm,
} from '../../ui/draft-form';

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
  const form = useDraftForm({
    initial,
    failure,
    onSubmit,
    reset: fixedVersion ? undefined : emptyDraft,
  });
  const chosen = form.draft.roadmap_item_ids;
  const toggleItem = (itemId: number, on: boolean) =>
    form.set(
      'roadmap_item_ids',
      on ? [...chosen, itemId] : chosen.filter((idOf) => idOf !== itemId),
    );
  return (
    <DraftFormFrame form={form} failure={failure} pending={pending} submitLabel={submitLabel}>
      <div className="grid gap-4 sm:grid-cols-2">
        <DraftTextField
          form={form}
          name="version"
          label={t('releases.version')}
          required
          mono
          disabled={fixedVersion}
          placeholder="2.5.0"
          hint={t('releases.versionHelp')}
        />
        <DraftSelectField
          form={form}
          name="channel"
          label={t('releases.channel')}
          values={RELEASE_CHANNELS}
          labelOf={(channel) => t(`releases.channels.${channel}`)}
        />
        <BilingualTextFields
          form={form}
          names={['notes_fr', 'notes_en']}
          labels={[t('releases.notesFr'), t('releases.notesEn')]}
          required="both"
          rows={6}
          mono
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('releases.items')}</legend>
        <p className="text-xs text-slate-600">{t('releases.itemsHelp')}</p>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id}>
              <DraftCheckbox
                id={`${form.id}-item-${item.id}`}
                label={localizedRoadmapText(item, currentLanguage()).title}
                checked={chosen.includes(item.id)}
                onChange={(on) => toggleItem(item.id, on)}
              />
            </li>
          ))}
        </ul>
      </fieldset>
    </DraftFormFrame>
  );
}
