import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FormField } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { SubmitFailure } from '@/lib/submit-failure';

/**
 * The back office's content forms (roadmap items, releases) edit a draft held in the form: text
 * in French and English side by side, a few choices, the server's refusal shown above and its
 * field errors under each field. One hook and these fields draw them alike.
 */

/** The keys of a draft whose value is text (null standing for an empty optional one). */
type TextKey<T> = { [K in keyof T]: T[K] extends string | null ? K : never }[keyof T] & string;

export interface DraftForm<T> {
  id: string;
  draft: T;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  error: (name: string) => string | undefined;
  submit: (event: FormEvent) => void;
}

/**
 * A draft, its setters and its submission: `onSubmit` says whether the server took it; a form
 * that creates (`reset`) starts again empty once it did, a form that edits keeps what was saved.
 */
export function useDraftForm<T>({
  initial,
  failure,
  onSubmit,
  reset,
}: {
  initial: T | (() => T);
  failure: SubmitFailure | null;
  onSubmit: (draft: T) => Promise<boolean>;
  reset?: (() => T) | undefined;
}): DraftForm<T> {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  return {
    id,
    draft,
    set: (key, value) => setDraft((current) => ({ ...current, [key]: value })),
    error: (name) => failure?.errors[name]?.[0],
    submit: (event) => {
      event.preventDefault();
      void onSubmit(draft).then((ok) => {
        if (ok && reset) setDraft(reset());
      });
    },
  };
}

interface TextFieldOptions {
  required?: boolean | undefined;
  /** A textarea of this many rows; a one-line input without it. */
  rows?: number | undefined;
  /** Fixed-width text, for versions and Markdown. */
  mono?: boolean | undefined;
  hint?: ReactNode;
  disabled?: boolean | undefined;
  placeholder?: string | undefined;
}

/** One text field of a draft, its label, hint and the server's error wired to it. */
export function DraftTextField<T>({
  form,
  name,
  label,
  rows,
  mono,
  disabled,
  placeholder,
  ...field
}: TextFieldOptions & { form: DraftForm<T>; name: TextKey<T>; label: string }) {
  const value = (form.draft[name] as string | null) ?? '';
  const change = (text: string) => form.set(name, text as T[typeof name]);
  return (
    <FormField id={`${form.id}-${name}`} label={label} error={form.error(name)} {...field}>
      {({ className, ...control }) =>
        rows ? (
          <textarea
            {...control}
            rows={rows}
            value={value}
            disabled={disabled}
            placeholder={placeholder}
            onChange={(event) => change(event.target.value)}
            className={cn(className, mono && 'font-mono text-sm')}
          />
        ) : (
          <input
            {...control}
            value={value}
            disabled={disabled}
            placeholder={placeholder}
            onChange={(event) => change(event.target.value)}
            className={cn(className, mono && 'font-mono')}
          />
        )
      }
    </FormField>
  );
}

/**
 * A text in French and its English twin, side by side on a wide screen. `required`: which of
 * the two the server requires (a roadmap title needs French only, release notes both).
 */
export function BilingualTextFields<T>({
  form,
  names,
  labels,
  required,
  ...options
}: Omit<TextFieldOptions, 'required' | 'hint' | 'disabled'> & {
  form: DraftForm<T>;
  names: readonly [TextKey<T>, TextKey<T>];
  labels: readonly [string, string];
  required?: 'french' | 'both' | undefined;
}) {
  return (
    <>
      <DraftTextField
        form={form}
        name={names[0]}
        label={labels[0]}
        required={required !== undefined}
        {...options}
      />
      <DraftTextField
        form={form}
        name={names[1]}
        label={labels[1]}
        required={required === 'both'}
        {...options}
      />
    </>
  );
}

/** One choice among a few of a draft, each value shown by its label. */
export function DraftSelectField<T, K extends keyof T & string>({
  form,
  name,
  label,
  values,
  labelOf,
}: {
  form: DraftForm<T>;
  name: K;
  label: string;
  values: ReadonlyArray<T[K] & string>;
  labelOf: (value: T[K] & string) => string;
}) {
  return (
    <FormField id={`${form.id}-${name}`} label={label} error={form.error(name)}>
      {(control) => (
        <select
          {...control}
          value={form.draft[name] as string}
          onChange={(event) => form.set(name, event.target.value as T[K])}
        >
          {values.map((value) => (
            <option key={value} value={value}>
              {labelOf(value)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A yes-or-no of a draft (or one entry of a list it holds), its label beside the box. */
export function DraftCheckbox({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <CheckboxField id={id} label={label}>
      {(control) => (
        <input
          {...control}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
      )}
    </CheckboxField>
  );
}

/** The form around a draft's fields: the server's refusal first, then the fields, then its buttons. */
export function DraftFormFrame<T>({
  form,
  failure,
  pending,
  submitLabel,
  onCancel,
  children,
}: {
  form: DraftForm<T>;
  failure: SubmitFailure | null;
  pending: boolean;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <form noValidate onSubmit={form.submit} className="space-y-4">
      {failure && <Alert tone="error">{failure.message}</Alert>}
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        )}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
