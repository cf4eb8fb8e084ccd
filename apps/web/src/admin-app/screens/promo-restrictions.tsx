import { BILLING_CYCLES, type BillingCycle } from '@cadran/domain/billing-cycles';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { TemplatesAnswerSchema, type Template } from '../api/content-schemas';
import { useAdminResource } from '../api/use-admin-list';

/** The template's name in the reader's language. */
export const templateName = (template: Pick<Template, 'name_fr' | 'name_en'>) =>
  currentLanguage() === 'en' ? template.name_en : template.name_fr;

/**
 * A plan as the promo screens name it: its name and its billing cycle, so two offers of the
 * same name ("Pro" monthly and yearly) are told apart.
 */
export const planLabel = (
  template: Pick<Template, 'name_fr' | 'name_en' | 'billing_cycle'>,
  ta: (key: string) => string,
) => `${templateName(template)} (${ta(`status.cycle.${template.billing_cycle}`)})`;

/** The catalogue's templates, for the promo screens (the same query as the catalogue's). */
export const useTemplates = () =>
  useAdminResource(['templates'], '/templates', TemplatesAnswerSchema);

function Choices<T extends string | number>({
  legend,
  hint,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  hint: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  error?: string | undefined;
}) {
  const toggle = (value: T, on: boolean) =>
    onChange(on ? [...chosen, value] : chosen.filter((item) => item !== value));
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <p className="text-sm text-slate-600">{hint}</p>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={chosen.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}

/**
 * What a new code applies to: some templates and some billing cycles, none ticked meaning all
 * (docs/product.md 'Checkout' ('Promo codes')).
 */
export function PromoRestrictions({
  templateIds,
  cycles,
  onTemplates,
  onCycles,
  errors,
}: {
  templateIds: readonly number[];
  cycles: readonly BillingCycle[];
  onTemplates: (ids: number[]) => void;
  onCycles: (cycles: BillingCycle[]) => void;
  errors: { templates?: string | undefined; cycles?: string | undefined };
}) {
  const { t } = useTranslation('admin-content');
  const { t: ta } = useTranslation('admin');
  const templates = useTemplates();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Choices
        legend={t('promo.templates')}
        hint={t('promo.allWhenNone')}
        options={(templates.data?.items ?? []).map((template) => ({
          value: template.id,
          label: planLabel(template, ta),
        }))}
        chosen={templateIds}
        onChange={onTemplates}
        error={errors.templates}
      />
      <Choices
        legend={t('promo.cycles')}
        hint={t('promo.allWhenNone')}
        options={BILLING_CYCLES.map((cycle) => ({
          value: cycle,
          label: ta(`status.cycle.${cycle}`),
        }))}
        chosen={cycles}
        onChange={onCycles}
        error={errors.cycles}
      />
    </div>
  );
}
