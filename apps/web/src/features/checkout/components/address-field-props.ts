import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { errorText, fieldDomId, type FieldErrors } from '../utils/checkout-form';

export interface AddressFieldSpec {
  name: string;
  required: boolean;
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

/**
 * The billing and the delivery blocks label, mark and report their fields alike (the same
 * texts, an error under the field named by its path in the order body): one place decides it.
 */
export function useAddressFieldProps(
  prefix: 'billing_address' | 'delivery_address',
  errors: FieldErrors,
) {
  const { t } = useTranslation('checkout');
  const lang = currentLanguage();
  const path = (name: string) => `${prefix}.${name}`;

  const fieldProps = (field: AddressFieldSpec) => ({
    id: fieldDomId(path(field.name)),
    label: t(`billing.${field.name}`),
    required: field.required,
    note: field.required ? undefined : t('billing.optional'),
    error: errorText(errors, path(field.name), lang),
    className: field.wide ? 'sm:col-span-2' : undefined,
  });
  const countryProps = {
    id: fieldDomId(path('country')),
    label: t('billing.country'),
    error: errorText(errors, path('country'), lang),
  };
  return { t, fieldProps, countryProps };
}
