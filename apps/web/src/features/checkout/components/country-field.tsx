import { isCountryCode, type CountryCode } from '@cadran/domain/countries';
import { CountryOptions } from '@/components/form/country-options';
import { FormField } from '@/components/form/form-field';

export interface CountryFieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  /** The browser's autofill section: "billing country", "shipping country". */
  autoComplete: string;
  value: CountryCode;
  onChange: (country: CountryCode) => void;
}

/** A required country of an address block, any ISO 3166-1 code, full width. */
export function CountryField({
  id,
  label,
  hint,
  error,
  autoComplete,
  value,
  onChange,
}: CountryFieldProps) {
  return (
    <FormField id={id} label={label} required hint={hint} error={error} className="sm:col-span-2">
      {(control) => (
        <select
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => {
            const country = event.target.value;
            if (isCountryCode(country)) onChange(country);
          }}
          {...control}
        >
          <CountryOptions />
        </select>
      )}
    </FormField>
  );
}
