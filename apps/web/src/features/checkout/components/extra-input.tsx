import { EXTRAS_MAX, EXTRAS_MIN } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { useState } from 'react';
import { FormField } from '@/components/form/form-field';
import { cn } from '@/lib/cn';
import { currentLanguage } from '@/lib/i18n';

export interface ExtraInputProps {
  id: string;
  label: string;
  hint: string;
  value: number;
  onChange: (value: number) => void;
  /** A message from the server for this field, if any. */
  error?: string | undefined;
}

/** A whole number from 0 to 10, or null for anything else. */
export function parseExtra(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= EXTRAS_MIN && value <= EXTRAS_MAX ? value : null;
}

/**
 * Extra domains and installations at checkout, number inputs from 0 to 10. Text that
 * is not yet such a number stays in the field with the range message and is not sent to the
 * cart; leaving the field puts the last valid value back.
 */
export function ExtraInput({ id, label, hint, value, onChange, error }: ExtraInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const invalidDraft = draft !== null && parseExtra(draft) === null;
  const message = invalidDraft
    ? translateMessage('checkout.extras_range', currentLanguage())
    : error;

  const handleChange = (text: string) => {
    const next = parseExtra(text);
    if (next === null) {
      setDraft(text);
      return;
    }
    setDraft(null);
    if (next !== value) onChange(next);
  };

  return (
    <FormField id={id} label={label} hint={hint} error={message}>
      {(control) => (
        <input
          type="number"
          inputMode="numeric"
          min={EXTRAS_MIN}
          max={EXTRAS_MAX}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => handleChange(event.target.value)}
          onBlur={() => setDraft(null)}
          {...control}
          className={cn(control.className, 'max-w-32')}
        />
      )}
    </FormField>
  );
}
