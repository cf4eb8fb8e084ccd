import { translateMessage } from '@cadran/domain/messages';
import { PAYMENT_METHOD_INFO, type PaymentMethod } from '@cadran/domain/order-status';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { currentLanguage } from '@/lib/i18n';
import { usePaymentMethods } from '../api/get-payment-methods';
import { errorText, fieldDomId, type FieldErrors } from '../utils/checkout-form';

export interface PaymentMethodFieldsProps {
  value: PaymentMethod;
  errors: FieldErrors;
  onChange: (method: PaymentMethod) => void;
}

/**
 * Checkout payment radios (docs/product.md 'Checkout' ('The form')): card (the default), PayPal
 * and bank transfer without fees, as the server says this installation takes them. Until it has
 * answered, or when it could not (said in the specification's words, with a way to ask again),
 * the full local list stands: the order's own check refuses a method the shop cannot take.
 * Native radios: arrow keys move between them.
 */
export function PaymentMethodFields({ value, errors, onChange }: PaymentMethodFieldsProps) {
  const { t } = useTranslation('checkout');
  const lang = currentLanguage();
  const error = errorText(errors, 'payment_method', lang);
  const errorId = `${fieldDomId('payment_method')}-error`;
  const offered = usePaymentMethods();
  const shown = PAYMENT_METHOD_INFO.filter(
    (method) => method.enabled && (!offered.data || offered.data.includes(method.id)),
  );
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-xl font-semibold text-slate-900">{t('payment.title')}</legend>
      {error && (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {offered.isError && (
        <Alert
          tone="warning"
          title={translateMessage('orders.payment_methods_failed', lang)}
          className="mt-3"
        >
          <Button variant="outline" size="sm" onClick={() => void offered.refetch()}>
            {t('payment.reload')}
          </Button>
        </Alert>
      )}
      <div className="mt-4 grid gap-3">
        {shown.map((method, index) => {
          const id = index === 0 ? fieldDomId('payment_method') : `checkout-payment-${method.id}`;
          const checked = value === method.id;
          return (
            <label
              key={method.id}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                checked
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-slate-300 bg-white hover:border-slate-400',
              )}
            >
              <input
                id={id}
                type="radio"
                name="payment_method"
                value={method.id}
                checked={checked}
                onChange={() => onChange(method.id)}
                className="mt-1 size-5 shrink-0 accent-brand-600 focus:outline-none"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {translateMessage(method.nameKey, lang)}
                  {method.feesCents === 0 && method.id === 'bank_transfer' && (
                    <Badge tone="success">{t('payment.noFees')}</Badge>
                  )}
                </span>
                <span className="mt-1 block text-sm text-slate-600">
                  {translateMessage(method.descriptionKey, lang)}
                </span>
                {checked && method.id === 'bank_transfer' && (
                  <span className="mt-2 block text-sm text-slate-700">
                    {t('payment.transferNote')}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
