import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import {
  PAYMENT_METHOD_INFO,
  type PaymentMethod,
  type PaymentMethodOption,
} from '@cadran/domain/order-status';

/**
 * The checkout's payment methods (docs/product.md 'Payment'): card, PayPal and bank transfer,
 * none with fees, names translated. A method no provider can take on this install (no keys
 * and no sandbox) is listed as disabled.
 */
export const paymentMethodOptions = (
  lang: Language,
  isAvailable: (method: PaymentMethod) => boolean = () => true,
): PaymentMethodOption[] =>
  PAYMENT_METHOD_INFO.map((method) => ({
    id: method.id,
    name: translateMessage(method.nameKey, lang),
    description: translateMessage(method.descriptionKey, lang),
    enabled: method.enabled && isAvailable(method.id),
    fees: method.feesCents / 100,
  }));
