import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Outcome, useSubmission } from './submission';
import { TextField } from './text-field';

/** One input of an account change, named as the API names the field (its errors come back so). */
export interface AccountField {
  name: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
}

/** The current password, which every change of the account asks for first. */
export const currentPasswordField = (label: string, name = 'password'): AccountField => ({
  name,
  label,
  type: 'password',
  autoComplete: 'current-password',
});

/**
 * A form that changes the account: its fields, the server's answer above them (or each field's
 * own refusal under it) and one submit button. `action` gets the values by field name; e-mail
 * addresses arrive trimmed.
 */
export function AccountForm({
  id,
  fields,
  submitLabel,
  done,
  failed,
  action,
  variant,
  ready,
  children,
}: {
  /** Prefix of the inputs' ids, unique on the screen. */
  id: string;
  fields: readonly AccountField[];
  submitLabel: string;
  /** Shown when the server answers without a message of its own. */
  done: string;
  failed: string;
  action: (values: Record<string, string>) => Promise<{ message?: string | undefined }>;
  variant?: ButtonVariant;
  /** Whether the button may be pressed yet (a box still to tick); always, unless given. */
  ready?: (values: Record<string, string>) => boolean;
  /** Shown between the fields and the button. */
  children?: ReactNode;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const { busy, outcome, run, fieldError } = useSubmission();
  const valueOf = (field: AccountField) => values[field.name] ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = Object.fromEntries(
      fields.map((field) => [
        field.name,
        field.type === 'email' ? valueOf(field).trim() : valueOf(field),
      ]),
    );
    void run(() => action(sent), done, failed);
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <Outcome outcome={outcome} />
      {fields.map((field) => (
        <TextField
          key={field.name}
          id={`${id}-${field.name.replaceAll('_', '-')}`}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          value={valueOf(field)}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          error={fieldError(field.name)}
          required
        />
      ))}
      {children}
      <Button
        type="submit"
        variant={variant}
        loading={busy}
        disabled={ready ? !ready(values) : false}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
