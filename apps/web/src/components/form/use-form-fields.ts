import { translateMessage } from '@cadran/domain/messages';
import { useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTexts } from '@/islands/texts';

export interface FormFieldsOptions {
  /** Messages the form says once above its fields rather than under each field concerned. */
  formLevelMessages?: readonly string[];
}

type FieldSource<T extends FieldValues> = Pick<
  UseFormReturn<T>,
  'register' | 'getFieldState' | 'formState'
>;

/**
 * Props for FormField and CheckboxField from a react-hook-form form: a unique id per field,
 * its error in the reader's language (schemas carry message keys, the server sends
 * sentences), whether it is invalid, and its registration.
 */
export function useFormFields<T extends FieldValues>(
  form: FieldSource<T>,
  { formLevelMessages = [] }: FormFieldsOptions = {},
) {
  const id = useId();
  // The page's language, from the app's i18n or an island's texts alike.
  const { language } = useTexts();
  const fieldId = (name: Path<T>) => `${id}-${name}`;

  const field = (name: Path<T>) => {
    const { error } = form.getFieldState(name, form.formState);
    const message = error?.message;
    return {
      id: fieldId(name),
      error:
        message && !formLevelMessages.includes(message)
          ? translateMessage(message, language)
          : undefined,
      invalid: !!error,
      registration: form.register(name),
    };
  };

  return { id, fieldId, field };
}
