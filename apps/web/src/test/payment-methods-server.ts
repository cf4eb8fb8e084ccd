import { PAYMENT_METHODS } from '@cadran/domain/order-status';
import { PAYMENT_METHODS_PATH } from '@/features/checkout/api/get-payment-methods';
import { json } from './fetch';

/** Whether a request is the checkout's read of the payment methods. */
export const isPaymentMethodsRequest = (url: string): boolean => url === PAYMENT_METHODS_PATH;

/** The server's answer offering every payment method, as an installation with all configured. */
export const everyPaymentMethod = () =>
  json(200, {
    success: true,
    payment_methods: PAYMENT_METHODS.map((id) => ({
      id,
      name: id,
      description: id,
      enabled: true,
      fees: 0,
    })),
  });
