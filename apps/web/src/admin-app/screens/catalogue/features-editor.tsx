import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';

/** A list of feature lines: edit, add, remove, and move up or down. */
export function FeaturesEditor({
  label,
  lang,
  value,
  onChange,
}: {
  label: string;
  lang: 'fr' | 'en';
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation('admin-content');
  const id = useId();
  const swap = (index: number, other: number) => {
    const next = [...value];
    [next[index], next[other]] = [next[other] ?? '', next[index] ?? ''];
    onChange(next);
  };
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      <ol className="mt-2 space-y-2">
        {value.map((line, index) => (
          <li key={index} className="flex items-center gap-1.5">
            <label htmlFor={`${id}-${index}`} className="sr-only">
              {t('catalogue.featureN', { n: index + 1 })}
            </label>
            <input
              id={`${id}-${index}`}
              lang={lang}
              value={line}
              onChange={(event) =>
                onChange(value.map((old, i) => (i === index ? event.target.value : old)))
              }
              className={`${inputClasses(false)} py-2 text-sm`}
            />
            <Button
              size="sm"
              variant="ghost"
              disabled={index === 0}
              onClick={() => swap(index, index - 1)}
              aria-label={t('catalogue.featureUp', { n: index + 1 })}
            >
              ↑
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={index === value.length - 1}
              onClick={() => swap(index, index + 1)}
              aria-label={t('catalogue.featureDown', { n: index + 1 })}
            >
              ↓
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              aria-label={t('catalogue.featureRemove', { n: index + 1 })}
            >
              ✕
            </Button>
          </li>
        ))}
      </ol>
      <Button size="sm" variant="outline" className="mt-2" onClick={() => onChange([...value, ''])}>
        {t('catalogue.featureAdd')}
      </Button>
    </fieldset>
  );
}
