import type { ReactNode } from 'react';
import { FormField } from '@/components/form/form-field';

/** A labelled text input bound to a state value: the fields of the account's small forms. */
export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  hint,
  error,
  required = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  hint?: ReactNode;
  /** The server's message for this field, when it refused the form. */
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
