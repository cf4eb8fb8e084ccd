import { FormField } from '@/components/form/form-field';
import { useAddressFieldProps } from './address-field-props';
import { CountryField } from './country-field';
import { type BillingValues, type FieldErrors } from '../utils/checkout-form';

type TextField = Exclude<keyof BillingValues, 'country'>;

const TEXT_FIELDS: ReadonlyArray<{
  name: TextField;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  required: boolean;
  wide?: boolean;
}> = [
  { name: 'first_name', type: 'text', autoComplete: 'billing given-name', required: true },
  { name: 'last_name', type: 'text', autoComplete: 'billing family-name', required: true },
  { name: 'company', type: 'text', autoComplete: 'billing organization', required: false },
  { name: 'vat_number', type: 'text', autoComplete: 'off', required: false },
  { name: 'siren', type: 'text', autoComplete: 'off', required: false },
  { name: 'email', type: 'email', autoComplete: 'billing email', required: true },
  { name: 'phone', type: 'tel', autoComplete: 'billing tel', required: false },
  {
    name: 'address_line_1',
    type: 'text',
    autoComplete: 'billing address-line1',
    required: true,
    wide: true,
  },
  {
    name: 'address_line_2',
    type: 'text',
    autoComplete: 'billing address-line2',
    required: false,
    wide: true,
  },
  { name: 'postal_code', type: 'text', autoComplete: 'billing postal-code', required: true },
  { name: 'city', type: 'text', autoComplete: 'billing address-level2', required: true },
];

/** The fields that say what they change: the VAT of the sale, the e-invoice's buyer. */
const HINTS: Partial<Record<TextField, 'billing.vatHint' | 'billing.sirenHint'>> = {
  vat_number: 'billing.vatHint',
  siren: 'billing.sirenHint',
};

export interface BillingFieldsProps {
  values: BillingValues;
  errors: FieldErrors;
  onChange: (values: BillingValues) => void;
  /** The buyer left the VAT number field: the form checks it then, not per keystroke. */
  onVatNumberBlur?: () => void;
}

/**
 * The checkout's billing block (docs/product.md 'Checkout' ('The form')), auto-filled from the
 * account and editable, checked by the shared schema. The country and the VAT number set the
 * VAT of the sale, which the summary shows as the server decides it.
 */
export function BillingFields({ values, errors, onChange, onVatNumberBlur }: BillingFieldsProps) {
  const { t, fieldProps, countryProps } = useAddressFieldProps('billing_address', errors);

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {TEXT_FIELDS.map((field) => {
        const hint = HINTS[field.name];
        return (
          <FormField key={field.name} {...fieldProps(field)} hint={hint ? t(hint) : undefined}>
            {(control) => (
              <input
                type={field.type}
                autoComplete={field.autoComplete}
                {...(field.type === 'email' ? { inputMode: 'email' as const } : {})}
                value={values[field.name]}
                onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
                {...(field.name === 'siren'
                  ? { inputMode: 'numeric' as const, spellCheck: false }
                  : {})}
                {...(field.name === 'vat_number' && onVatNumberBlur
                  ? { onBlur: onVatNumberBlur, spellCheck: false }
                  : {})}
                {...control}
              />
            )}
          </FormField>
        );
      })}
      <CountryField
        {...countryProps}
        hint={t('billing.countryHint')}
        autoComplete="billing country"
        value={values.country}
        onChange={(country) => onChange({ ...values, country })}
      />
    </div>
  );
}
