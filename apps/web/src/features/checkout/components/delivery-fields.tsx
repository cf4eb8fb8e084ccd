import { CheckboxField, FormField } from '@/components/form/form-field';
import { useAddressFieldProps } from './address-field-props';
import { CountryField } from './country-field';
import {
  deliveryFromBilling,
  type BillingValues,
  type DeliveryValues,
  type FieldErrors,
} from '../utils/checkout-form';

type TextField = Exclude<keyof DeliveryValues, 'country'>;

const TEXT_FIELDS: ReadonlyArray<{
  name: TextField;
  autoComplete: string;
  required: boolean;
  wide?: boolean;
}> = [
  { name: 'first_name', autoComplete: 'shipping given-name', required: true },
  { name: 'last_name', autoComplete: 'shipping family-name', required: true },
  { name: 'company', autoComplete: 'shipping organization', required: false, wide: true },
  { name: 'address_line_1', autoComplete: 'shipping address-line1', required: true, wide: true },
  { name: 'address_line_2', autoComplete: 'shipping address-line2', required: false, wide: true },
  { name: 'postal_code', autoComplete: 'shipping postal-code', required: true },
  { name: 'city', autoComplete: 'shipping address-level2', required: true },
];

export interface DeliveryFieldsProps {
  billing: BillingValues;
  /** Null while the licences go to the billing address. */
  values: DeliveryValues | null;
  errors: FieldErrors;
  onChange: (values: DeliveryValues | null) => void;
}

/**
 * "The delivery address differs" (a mention of the e-invoicing reform, docs/product.md
 * 'Checkout' ('The form')): unticked, nothing is sent; ticked, the address is asked for and
 * checked as the billing address is, then printed on the invoice.
 */
export function DeliveryFields({ billing, values, errors, onChange }: DeliveryFieldsProps) {
  const { t, fieldProps, countryProps } = useAddressFieldProps('delivery_address', errors);

  return (
    <div className="mt-6 space-y-5 border-t border-slate-200 pt-6">
      <div>
        <CheckboxField id="checkout-delivery-differs" label={t('delivery.differs')}>
          {(control) => (
            <input
              type="checkbox"
              checked={values !== null}
              onChange={(event) =>
                onChange(event.target.checked ? deliveryFromBilling(billing) : null)
              }
              {...control}
              aria-describedby="checkout-delivery-differs-hint"
            />
          )}
        </CheckboxField>
        <p id="checkout-delivery-differs-hint" className="mt-1 ml-8 text-sm text-slate-600">
          {t('delivery.hint')}
        </p>
      </div>
      {values && (
        <fieldset className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">{t('delivery.legend')}</legend>
          {TEXT_FIELDS.map((field) => (
            <FormField key={field.name} {...fieldProps(field)}>
              {(control) => (
                <input
                  type="text"
                  autoComplete={field.autoComplete}
                  value={values[field.name]}
                  onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
                  {...control}
                />
              )}
            </FormField>
          ))}
          <CountryField
            {...countryProps}
            autoComplete="shipping country"
            value={values.country}
            onChange={(country) => onChange({ ...values, country })}
          />
        </fieldset>
      )}
    </div>
  );
}
