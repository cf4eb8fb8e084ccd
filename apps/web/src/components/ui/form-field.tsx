import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Text inputs and selects: 16 px text (no zoom on phones), a visible focus ring, red when invalid. */
export const inputClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500',
    'focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
    invalid ? 'border-red-700' : 'border-slate-300',
  );

/** Joins the ids an input's aria-describedby points at, skipping the absent ones. */
export const describedBy = (...ids: Array<string | false | undefined>) =>
  ids.filter(Boolean).join(' ') || undefined;

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown after the label, e.g. "optional". */
  note?: string;
  /** Draws the asterisk; the control carries `required`, which assistive technology reads. */
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}

/**
 * Label, control, hint and error of one form field. The control is passed in and points
 * aria-describedby at `${id}-hint` and `${id}-error` (see `describedBy`).
 */
export function FormField({
  id,
  label,
  note,
  required,
  hint,
  error,
  children,
  className,
}: FormFieldProps) {
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
      <div className="mt-2">{children}</div>
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
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label beside it, large enough to hit on a phone. */
export function CheckboxField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** The <input type="checkbox">, which must carry `id`. */
  children: ReactNode;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <span className="flex h-6 items-center">{children}</span>
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

export const checkboxClasses =
  'size-5 shrink-0 rounded border-slate-400 accent-brand-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
