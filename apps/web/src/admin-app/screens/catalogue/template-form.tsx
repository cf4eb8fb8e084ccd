import { BILLING_CYCLES } from '@cadran/domain/billing-cycles';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkboxClasses, inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { SubmitFailure } from '@/lib/submit-failure';
import type { Template } from '../../api/content-schemas';
import { centsToDecimal, parseEuros } from '../../format';
import { FeaturesEditor } from './features-editor';

type Draft = Omit<
  Template,
  'id' | 'price' | 'setup_fee' | 'renewal_price' | 'created_at' | 'updated_at'
> & {
  price: string;
  setup_fee: string;
  renewal_price: string;
};

const euros = (cents: number | undefined) => centsToDecimal(cents ?? 0).replace('.', ',');

const toDraft = (template?: Template): Draft => ({
  name_fr: template?.name_fr ?? '',
  name_en: template?.name_en ?? '',
  description_fr: template?.description_fr ?? '',
  description_en: template?.description_en ?? '',
  features_fr: template?.features_fr ?? [],
  features_en: template?.features_en ?? [],
  price: euros(template?.price),
  setup_fee: euros(template?.setup_fee),
  renewal_price: euros(template?.renewal_price),
  billing_cycle: template?.billing_cycle ?? 'annually',
  domain_limit: template?.domain_limit ?? 1,
  installation_limit: template?.installation_limit ?? 1,
  update_permissions: template?.update_permissions ?? true,
  featured: template?.featured ?? false,
  published: template?.published ?? false,
  sort_order: template?.sort_order ?? 0,
});

/** The body the API reads: amounts in cents, blank feature lines left out. */
export function templateBody(draft: Draft) {
  return {
    ...draft,
    features_fr: draft.features_fr.map((line) => line.trim()).filter(Boolean),
    features_en: draft.features_en.map((line) => line.trim()).filter(Boolean),
    price: parseEuros(draft.price),
    setup_fee: parseEuros(draft.setup_fee),
    renewal_price: parseEuros(draft.renewal_price),
  };
}

/** A licence template's texts in both languages, prices, cycle, limits, flags and place. */
export function TemplateForm({
  template,
  pending,
  failure,
  onSubmit,
}: {
  template?: Template;
  pending: boolean;
  failure: SubmitFailure | null;
  onSubmit: (body: ReturnType<typeof templateBody>) => void;
}) {
  const { t } = useTranslation('admin-content');
  const { t: ta } = useTranslation('admin');
  const id = useId();
  const [draft, setDraft] = useState(() => toDraft(template));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const error = (name: string) => failure?.errors[name]?.[0];

  const field = (name: keyof Draft, label: string, control: (fieldId: string) => ReactNode) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="mt-2">{control(`${id}-${name}`)}</div>
      {error(name) && <p className="mt-1 text-sm text-red-700">{error(name)}</p>}
    </div>
  );
  const text = (
    name: 'name_fr' | 'name_en' | 'price' | 'setup_fee' | 'renewal_price',
    label: string,
    lang?: string,
  ) =>
    field(name, label, (fieldId) => (
      <input
        id={fieldId}
        lang={lang}
        value={draft[name]}
        onChange={(e) => set(name, e.target.value)}
        className={inputClasses(!!error(name))}
      />
    ));
  const count = (name: 'domain_limit' | 'installation_limit' | 'sort_order', label: string) =>
    field(name, label, (fieldId) => (
      <input
        id={fieldId}
        type="number"
        value={draft[name]}
        onChange={(e) => set(name, Number(e.target.value))}
        className={inputClasses(!!error(name))}
      />
    ));
  const area = (name: 'description_fr' | 'description_en', label: string, lang: string) =>
    field(name, label, (fieldId) => (
      <textarea
        id={fieldId}
        lang={lang}
        rows={3}
        value={draft[name]}
        onChange={(e) => set(name, e.target.value)}
        className={inputClasses(!!error(name))}
      />
    ));
  const flag = (name: 'featured' | 'published' | 'update_permissions', label: string) => (
    <div className="flex items-center gap-3">
      <input
        id={`${id}-${name}`}
        type="checkbox"
        className={checkboxClasses}
        checked={draft[name]}
        onChange={(e) => set(name, e.target.checked)}
      />
      <label htmlFor={`${id}-${name}`} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(templateBody(draft));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {failure && <Alert tone="error">{failure.message}</Alert>}
      <div className="grid gap-4 md:grid-cols-2">
        {text('name_fr', t('catalogue.nameFr'), 'fr')}
        {text('name_en', t('catalogue.nameEn'), 'en')}
        {area('description_fr', t('catalogue.descriptionFr'), 'fr')}
        {area('description_en', t('catalogue.descriptionEn'), 'en')}
        <FeaturesEditor
          label={t('catalogue.featuresFr')}
          lang="fr"
          value={draft.features_fr}
          onChange={(next) => set('features_fr', next)}
        />
        <FeaturesEditor
          label={t('catalogue.featuresEn')}
          lang="en"
          value={draft.features_en}
          onChange={(next) => set('features_en', next)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {text('price', t('catalogue.price'))}
        {text('setup_fee', t('catalogue.setupFee'))}
        {text('renewal_price', t('catalogue.renewalPrice'))}
        {field('billing_cycle', t('catalogue.cycle'), (fieldId) => (
          <select
            id={fieldId}
            value={draft.billing_cycle}
            onChange={(e) => set('billing_cycle', e.target.value as Draft['billing_cycle'])}
            className={inputClasses(false)}
          >
            {BILLING_CYCLES.map((cycle) => (
              <option key={cycle} value={cycle}>
                {ta(`status.cycle.${cycle}`)}
              </option>
            ))}
          </select>
        ))}
        {count('domain_limit', t('catalogue.domainLimit'))}
        {count('installation_limit', t('catalogue.installationLimit'))}
        {count('sort_order', t('catalogue.sortOrder'))}
      </div>
      <div className="flex flex-wrap gap-6">
        {flag('published', t('catalogue.published'))}
        {flag('featured', t('catalogue.featured'))}
        {flag('update_permissions', t('catalogue.updatePermissions'))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={pending}>
          {template ? t('catalogue.save') : t('catalogue.createSubmit')}
        </Button>
      </div>
    </form>
  );
}
