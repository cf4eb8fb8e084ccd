import { useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { SubmitResult } from '@/lib/submit-failure';

/**
 * The submit side of a react-hook-form form: `send` runs once the schema accepts the values;
 * a refusal puts each server field error under its field (the first message, on the fields
 * listed) and keeps the server's message for the form's alert.
 */
export function useFormSubmit<T extends FieldValues, TOut>(
  form: Pick<UseFormReturn<T, unknown, TOut>, 'handleSubmit' | 'setError' | 'formState'>,
  serverFields: readonly Path<T>[],
  send: (values: TOut) => Promise<SubmitResult>,
) {
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await send(values);
    if (result.ok) return;
    for (const [name, messages] of Object.entries(result.errors)) {
      const field = serverFields.find((candidate) => candidate === name);
      if (field && messages[0]) form.setError(field, { type: 'server', message: messages[0] });
    }
    setFailure(result.message);
  });

  return {
    failure,
    submitting: form.formState.isSubmitting,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
