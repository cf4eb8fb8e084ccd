import { translateMessage } from '@cadran/domain/messages';
import { PAYMENT_METHODS, type PaymentMethod } from '@cadran/domain/order-status';
import { inputClasses } from '@/components/form/form-field';
import { currentLanguage } from '@/lib/i18n';

/** The payment method of an order started from the client area (a renewal, an upgrade). */
export function PaymentMethodSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <select
        id={id}
        className={`mt-2 ${inputClasses(false)}`}
        value={value}
        onChange={(event) => onChange(event.target.value as PaymentMethod)}
      >
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {translateMessage(`payment.${method}.name`, currentLanguage())}
          </option>
        ))}
      </select>
    </div>
  );
}
