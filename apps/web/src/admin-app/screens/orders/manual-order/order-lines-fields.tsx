import { QUANTITY_MAX, QUANTITY_MIN } from '@cadran/domain/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import type { Template } from '../../../api/content-schemas';
import { planLabel } from '../../promo-restrictions';

/** One line of the order as staff type it: a plan (a template and its cycle), how many, where. */
export interface DraftLine {
  key: number;
  templateId: string;
  quantity: string;
  domain: string;
}

let nextKey = 0;
export const emptyLine = (): DraftLine => ({
  key: (nextKey += 1),
  templateId: '',
  quantity: '1',
  domain: '',
});

/** A line as the staff API reads it (the server checks every value again). */
export const lineBody = (line: DraftLine) => ({
  template_id: Number(line.templateId),
  quantity: Number(line.quantity),
  customizations: {
    primary_domain: line.domain,
    additional_domains_list: [],
    extra_domains: 0,
    extra_installations: 0,
  },
});

/**
 * The order's lines: each plan named with its billing cycle (the catalogue sells each cycle
 * as a template of its own), its quantity and the licence's primary domain; lines added and
 * removed. Field errors come from the server, under the API's paths (`items.0.quantity`).
 */
export function OrderLinesFields({
  lines,
  templates,
  onChange,
  error,
}: {
  lines: readonly DraftLine[];
  templates: readonly Template[];
  onChange: (lines: DraftLine[]) => void;
  error: (path: string) => string | undefined;
}) {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const id = useId();
  const update = (key: number, change: Partial<DraftLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const sold = templates.filter((template) => template.published);

  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">{t('manual.lines')}</legend>
      {lines.map((line, index) => {
        const field = (name: string) => `${id}-${line.key}-${name}`;
        const problem = (name: string) => error(`items.${index}.${name}`);
        const domainError = error(`items.${index}.customizations.primary_domain`);
        return (
          <div
            key={line.key}
            className="grid gap-3 rounded-card border border-slate-200 p-3 md:grid-cols-[minmax(0,2fr)_6rem_minmax(0,2fr)_auto] md:items-start"
          >
            <div>
              <label htmlFor={field('plan')} className="block text-sm font-semibold">
                {t('manual.plan', { number: index + 1 })}
              </label>
              <select
                id={field('plan')}
                value={line.templateId}
                onChange={(event) => update(line.key, { templateId: event.target.value })}
                aria-invalid={problem('template_id') ? true : undefined}
                className={`${inputClasses(!!problem('template_id'))} mt-1`}
              >
                <option value="">{t('manual.choosePlan')}</option>
                {sold.map((template) => (
                  <option key={template.id} value={template.id}>
                    {planLabel(template, ta)}
                  </option>
                ))}
              </select>
              {problem('template_id') && (
                <p className="mt-1 text-sm text-red-700">{problem('template_id')}</p>
              )}
            </div>
            <div>
              <label htmlFor={field('quantity')} className="block text-sm font-semibold">
                {t('orders.quantity')}
              </label>
              <input
                id={field('quantity')}
                type="number"
                inputMode="numeric"
                min={QUANTITY_MIN}
                max={QUANTITY_MAX}
                value={line.quantity}
                onChange={(event) => update(line.key, { quantity: event.target.value })}
                aria-invalid={problem('quantity') ? true : undefined}
                className={`${inputClasses(!!problem('quantity'))} mt-1`}
              />
              {problem('quantity') && (
                <p className="mt-1 text-sm text-red-700">{problem('quantity')}</p>
              )}
            </div>
            <div>
              <label htmlFor={field('domain')} className="block text-sm font-semibold">
                {t('manual.domain')}
              </label>
              <input
                id={field('domain')}
                value={line.domain}
                autoComplete="off"
                spellCheck={false}
                placeholder="exemple.fr"
                onChange={(event) => update(line.key, { domain: event.target.value })}
                aria-invalid={domainError ? true : undefined}
                className={`${inputClasses(!!domainError)} mt-1`}
              />
              {domainError && <p className="mt-1 text-sm text-red-700">{domainError}</p>}
            </div>
            <div className="md:pt-7">
              <Button
                variant="ghost"
                size="sm"
                disabled={lines.length === 1}
                onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
                aria-label={t('manual.removeLine', { number: index + 1 })}
              >
                {t('manual.remove')}
              </Button>
            </div>
          </div>
        );
      })}
      {error('items') && <p className="text-sm text-red-700">{error('items')}</p>}
      <Button variant="outline" size="sm" onClick={() => onChange([...lines, emptyLine()])}>
        {t('manual.addLine')}
      </Button>
    </fieldset>
  );
}
