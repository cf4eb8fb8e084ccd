import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import type { ListViewControls } from './use-list-view';

const smallInput = `${inputClasses(false)} py-2 text-sm`;

/** The filters above a list; each writes its value to the address. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-sm">
      {children}
    </div>
  );
}

/**
 * The label and wrapper every filter shares; the control is drawn by `children`
 * with the id the label points at, so each filter keeps its own input.
 */
function FilterField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The value a select or date filter shows, and the handler writing it to the address. */
function boundTo(controls: ListViewControls, name: string) {
  return {
    value: controls.view.filters[name] ?? '',
    onChange: (event: { target: { value: string } }) =>
      controls.setFilter(name, event.target.value),
  };
}

/** A search box, applied when submitted (Enter or the button), not on each key. */
export function SearchFilter({
  controls,
  name = 'q',
  label,
}: {
  controls: ListViewControls;
  name?: string;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const current = controls.view.filters[name] ?? '';
  const [text, setText] = useState(current);
  const [shown, setShown] = useState(current);
  // The address changed by other means (back button, a link): the box follows it.
  if (shown !== current) {
    setShown(current);
    setText(current);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    controls.setFilter(name, text);
  };
  return (
    <form role="search" onSubmit={submit} className="flex min-w-60 flex-1 items-end gap-2">
      <FilterField label={label} className="flex-1">
        {(id) => (
          <input
            id={id}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={smallInput}
          />
        )}
      </FilterField>
      <Button type="submit" variant="secondary">
        {t('table.search')}
      </Button>
    </form>
  );
}

export function SelectFilter({
  controls,
  name,
  label,
  options,
}: {
  controls: ListViewControls;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation('admin');
  return (
    <FilterField label={label}>
      {(id) => (
        <select id={id} {...boundTo(controls, name)} className={smallInput}>
          <option value="">{t('table.all')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

export function DateFilter({
  controls,
  name,
  label,
}: {
  controls: ListViewControls;
  name: string;
  label: string;
}) {
  return (
    <FilterField label={label}>
      {(id) => <input id={id} type="date" {...boundTo(controls, name)} className={smallInput} />}
    </FilterField>
  );
}
