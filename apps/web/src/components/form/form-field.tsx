import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';

/** Text inputs and selects: 16 px text (no zoom on phones), a visible focus ring, red when invalid. */
export const inputClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500',
    'focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
    invalid ? 'border-red-700' : 'border-slate-300',
  );

export const checkboxClasses =
  'size-5 shrink-0 rounded border-slate-400 accent-brand-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export interface ControlState {
  id: string;
  error?: string | undefined;
  /** Whether a hint paragraph is drawn under the control. */
  hint?: boolean | undefined;
  /** Invalid without a message of its own (the form says it once); defaults to `!!error`. */
  invalid?: boolean | undefined;
  required?: boolean | undefined;
}

/**
 * The attributes that tie a control to its label, hint and error: assistive technology reads
 * the hint and the error with the control, and hears that it is invalid. The hint and error
 * paragraphs carry the ids `${id}-hint` and `${id}-error`.
 */
export function controlAttributes({
  id,
  error,
  hint,
  invalid = !!error,
  required,
}: ControlState): ControlAttributes {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return {
    id,
    required: required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
  };
}

export interface ControlAttributes {
  id: string;
  required: boolean | undefined;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * What a field hands its control: spread it onto the input, select or textarea. With a
 * react-hook-form registration it also carries the name, ref and change handlers.
 */
export type FieldControl = ControlAttributes &
  Partial<UseFormRegisterReturn> & { className: string };

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  invalid?: boolean | undefined;
  /** What react-hook-form's register() returned for this field, if the form uses it. */
  registration?: UseFormRegisterReturn | undefined;
  /** Draws the control, given the attributes that wire it to this field. */
  children: (control: FieldControl) => ReactNode;
}

export interface FormFieldProps extends FieldProps {
  /** Shown after the label, e.g. "optional". */
  note?: string | undefined;
  /** Draws the asterisk and sets `required` on the control, which assistive technology reads. */
  required?: boolean | undefined;
  hint?: ReactNode;
  className?: string | undefined;
}

function ErrorIcon() {
  return (
    <svg
      className="mt-0.5 size-4 shrink-0"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v5m0 3h.01" />
    </svg>
  );
}

/** Label, control, hint and error of one form field, wired together for assistive technology. */
export function FormField({
  id,
  label,
  note,
  required,
  hint,
  error,
  invalid = !!error,
  registration,
  className,
  children,
}: FormFieldProps) {
  const control: FieldControl = {
    ...controlAttributes({ id, error, hint: !!hint, invalid, required }),
    className: inputClasses(invalid),
    ...registration,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {note && <span className="font-normal text-slate-600"> ({note})</span>}
      </label>
      <div className="mt-2">{children(control)}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-2 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${id}-error`}
          className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700"
        >
          <ErrorIcon />
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxFieldProps extends FieldProps {
  required?: boolean | undefined;
}

/** A checkbox with its label beside it, large enough to hit on a phone. */
export function CheckboxField({
  id,
  label,
  required,
  error,
  invalid,
  registration,
  children,
}: CheckboxFieldProps) {
  const control: FieldControl = {
    ...controlAttributes({ id, error, invalid, required }),
    className: checkboxClasses,
    ...registration,
  };
  return (
    <div>
      <div className="flex items-start gap-3">
        <span className="flex h-6 items-center">{children(control)}</span>
        <label htmlFor={id} className="text-sm leading-6 text-slate-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 ml-8 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
