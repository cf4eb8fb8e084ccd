/*
 * This form shares the site's field components (labels, hints, errors and their aria wiring)
 * but not react-hook-form, on purpose. Its values are not all its own: the lines and their
 * extras live in the cart, which saves them as they are typed so the summary and the server
 * price the same thing. Its errors are keyed by the API's field paths
 * ("items.0.customizations.additional_domains_list.2"), one list per path, so the browser's
 * checks (utils/checkout-form.ts, tested without React) and the server's answer land next
 * to the same inputs, including domain inputs that are added and removed by position.
 */
import type { SessionUser } from '@cadran/domain/auth';
import type { CartCustomizations } from '@cadran/domain/cart';
import { NOTES_MAX, type OrderCreateResponse } from '@cadran/domain/orders';
import { decimalStringToCents } from '@cadran/domain/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/form/form-field';
import { PromoCodeField } from '@/components/quote/promo-code-field';
import { formatCents, MISSING_VALUE } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useCheckoutQuote } from '../hooks/use-checkout-quote';
import { useCheckoutSubmit } from '../hooks/use-checkout-submit';
import {
  domainsOf,
  errorText,
  fieldDomId,
  initialValues,
  setLineDomains,
  vatNumberRefusal,
  type CheckoutLine,
  type CheckoutValues,
  type FieldErrors,
} from '../utils/checkout-form';
import { AutoRenewConsent } from './auto-renew-consent';
import { BillingFields } from './billing-fields';
import { CheckoutActions } from './checkout-actions';
import { CheckoutConsents } from './checkout-consents';
import { CheckoutItemFields } from './checkout-item-fields';
import { CheckoutSection } from './checkout-section';
import { CheckoutSummary } from './checkout-summary';
import { DeliveryFields } from './delivery-fields';
import { PaymentMethodFields } from './payment-method-fields';

export interface CheckoutFormProps {
  user: SessionUser;
  lines: readonly CheckoutLine[];
  onCustomizationsChange: (lineId: string, customizations: CartCustomizations) => void;
  /** Called once the order exists; it navigates away (payment page or success page). */
  onPlaced: (answer: OrderCreateResponse, values: CheckoutValues) => void;
  /** The server no longer knows the session: the page shows the sign-in tabs again. */
  onSessionLost: () => void;
  /** The promo code kept with the cart ('' for none), and how the checkout changes it. */
  promoCode: string;
  onPromoCodeChange: (code: string) => void;
}

const VAT_PATH = 'billing_address.vat_number';

/**
 * The signed-in checkout form (docs/product.md 'Checkout' ('The form', 'Submitting')): every
 * problem sits next to its field, and the form says what failed. The quote and the submission
 * live in their hooks; this component holds what the buyer typed and lays the sections out.
 */
export function CheckoutForm({
  user,
  lines,
  onCustomizationsChange,
  onPlaced,
  onSessionLost,
  promoCode,
  onPromoCodeChange,
}: CheckoutFormProps) {
  const { t } = useTranslation('checkout');
  const lang = currentLanguage();
  const [values, setValues] = useState<CheckoutValues>(() => initialValues(user));
  // Never ticked in advance; a bank transfer cannot renew by itself, so it is not sent then.
  const [autoRenewTicked, setAutoRenewTicked] = useState(false);
  const autoRenew = autoRenewTicked && values.payment_method !== 'bank_transfer';
  const { priced, applyPromo } = useCheckoutQuote({
    lines,
    billing: values.billing,
    promoCode,
    autoRenew,
    onPromoCodeChange,
  });
  const { errors, setErrors, failure, processing, submit, formRef, failureRef } = useCheckoutSubmit(
    { lines, values, promoCode, autoRenew, onPlaced, onSessionLost },
  );

  const setValue = <K extends keyof CheckoutValues>(key: K, value: CheckoutValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  // A malformed number, or one of another country, is said when the buyer leaves the field.
  const checkVatField = () => {
    const refusal = vatNumberRefusal(values.billing.vat_number, values.billing.country);
    setErrors((current) => {
      const { [VAT_PATH]: _previous, ...rest } = current;
      return refusal ? { ...rest, [VAT_PATH]: [refusal] } : rest;
    });
  };
  // The server's refusals of the quote land beside their fields too (a number VIES does not know).
  const shownErrors: FieldErrors = {
    ...(priced.fieldErrors.vat_number ? { [VAT_PATH]: priced.fieldErrors.vat_number } : {}),
    ...errors,
  };
  const promoError =
    errorText(errors, 'promo_code', lang) ?? priced.fieldErrors.promo_code?.[0] ?? undefined;
  const total = priced.quote
    ? formatCents(decimalStringToCents(priced.quote.total))
    : MISSING_VALUE;
  const generalError = errorText(errors, '_', lang) ?? errorText(errors, 'Idempotency-Key', lang);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start xl:gap-12">
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="min-w-0 space-y-10"
      >
        {failure && (
          <div ref={failureRef} tabIndex={-1} className="focus:outline-none">
            <Alert tone="error" title={t('errors.title')}>
              <p>{failure.message}</p>
              {failure.detail && <p>{failure.detail}</p>}
              {generalError && <p>{generalError}</p>}
            </Alert>
          </div>
        )}

        <CheckoutSection
          id="checkout-items-title"
          title={t('items.title')}
          intro={t('items.intro')}
        >
          {lines.map((line, index) => (
            <CheckoutItemFields
              key={line.id}
              line={line}
              index={index}
              domains={domainsOf(values, line.id)}
              errors={errors}
              onDomainsChange={(change) =>
                setValues((current) => setLineDomains(current, line.id, change))
              }
              onCustomizationsChange={(customizations) =>
                onCustomizationsChange(line.id, customizations)
              }
            />
          ))}
        </CheckoutSection>

        <CheckoutSection
          id="checkout-billing-title"
          title={t('billing.title')}
          intro={t('billing.intro')}
        >
          <BillingFields
            values={values.billing}
            errors={shownErrors}
            onChange={(billing) => setValue('billing', billing)}
            onVatNumberBlur={checkVatField}
          />
          <DeliveryFields
            billing={values.billing}
            values={values.delivery}
            errors={shownErrors}
            onChange={(delivery) => setValue('delivery', delivery)}
          />
        </CheckoutSection>

        <PaymentMethodFields
          value={values.payment_method}
          errors={errors}
          onChange={(method) => setValue('payment_method', method)}
        />

        <AutoRenewConsent
          lines={lines}
          quote={priced.quote}
          paymentMethod={values.payment_method}
          checked={autoRenew}
          onChange={setAutoRenewTicked}
        />

        <FormField
          id={fieldDomId('notes')}
          label={t('notes.label')}
          note={t('billing.optional')}
          hint={t('notes.hint')}
          error={errorText(errors, 'notes', lang)}
        >
          {(control) => (
            <textarea
              rows={4}
              maxLength={NOTES_MAX}
              value={values.notes}
              onChange={(event) => setValue('notes', event.target.value)}
              {...control}
            />
          )}
        </FormField>

        <CheckoutConsents
          terms={values.terms}
          newsletter={values.newsletter}
          errors={errors}
          onTermsChange={(ticked) => setValue('terms', ticked)}
          onNewsletterChange={(ticked) => setValue('newsletter', ticked)}
        />

        <CheckoutActions total={total} termsAccepted={values.terms} processing={processing} />
      </form>

      <div className="lg:sticky lg:top-24">
        <CheckoutSummary
          lines={lines}
          country={values.billing.country}
          quote={priced.quote}
          updating={priced.updating}
          failure={priced.failure}
          promoCode={promoCode}
          promoField={
            <PromoCodeField
              id={fieldDomId('promo_code')}
              applied={promoCode}
              onApply={applyPromo}
              onRemove={() => onPromoCodeChange('')}
              error={promoError}
            />
          }
        />
      </div>
    </div>
  );
}
