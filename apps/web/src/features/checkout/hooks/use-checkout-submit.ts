import { translateMessage } from '@cadran/domain/messages';
import type { OrderCreateResponse } from '@cadran/domain/orders';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { submitFailure } from '@/lib/submit-failure';
import { createOrder, newIdempotencyKey } from '../api/create-order';
import {
  hasDomainErrors,
  validateCheckout,
  type CheckoutLine,
  type CheckoutValues,
  type FieldErrors,
} from '../utils/checkout-form';

export interface Failure {
  message: string;
  detail?: string;
}

export interface CheckoutSubmitInput {
  lines: readonly CheckoutLine[];
  values: CheckoutValues;
  promoCode: string;
  autoRenew: boolean;
  onPlaced: (answer: OrderCreateResponse, values: CheckoutValues) => void;
  onSessionLost: () => void;
}

/**
 * Placing the order (docs/product.md 'Checkout' ('Submitting')): the browser's checks first,
 * then one request with a fresh idempotency key. Every refusal, the browser's or the server's,
 * lands beside its field with the form's summary on top, and focus goes to the first invalid
 * field (or the summary when no field is named).
 */
export function useCheckoutSubmit({
  lines,
  values,
  promoCode,
  autoRenew,
  onPlaced,
  onSessionLost,
}: CheckoutSubmitInput) {
  const { t } = useTranslation('checkout');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [processing, setProcessing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const showErrors = (next: FieldErrors, message: string) => {
    const lang = currentLanguage();
    flushSync(() => {
      setErrors(next);
      setFailure({
        message,
        ...(hasDomainErrors(next)
          ? { detail: translateMessage('checkout.domains_error', lang) }
          : {}),
      });
    });
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? failureRef.current)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing || !values.terms) return;
    const checked = validateCheckout(lines, values, promoCode);
    if (!checked.ok) {
      showErrors(checked.errors, t('errors.fixFields'));
      return;
    }
    setProcessing(true);
    setErrors({});
    setFailure(null);
    try {
      const body = autoRenew ? { ...checked.body, auto_renew: true } : checked.body;
      const answer = await createOrder(body, newIdempotencyKey());
      onPlaced(answer, values);
    } catch (error) {
      setProcessing(false);
      const failed = submitFailure(
        error,
        translateMessage('checkout.order_failed', currentLanguage()),
        'Order creation',
      );
      if (failed.status === 401) onSessionLost();
      showErrors(failed.errors, failed.message);
    }
  };

  return { errors, setErrors, failure, processing, submit, formRef, failureRef };
}
