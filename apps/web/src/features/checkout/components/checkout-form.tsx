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
import { translateMessage } from '@cadran/domain/messages';
import { NOTES_MAX, type OrderCreateResponse } from '@cadran/domain/orders';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { CheckboxField, FormField } from '@/components/form/form-field';
import { PromoCodeField } from '@/components/quote/promo-code-field';
import { NewTabLink } from '@/components/ui/new-tab-link';
import { decimalStringToCents } from '@cadran/domain/money';
import { formatCents, MISSING_VALUE } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { usePromoApply } from '@/lib/quote/apply-promo';
import { useQuote } from '@/lib/quote/use-quote';
import { submitFailure } from '@/lib/submit-failure';
import { createOrder, newIdempotencyKey } from '../api/create-order';
import {
  checkoutQuoteRequest,
  domainsOf,
  errorText,
  fieldDomId,
  hasDomainErrors,
  initialValues,
  setLineDomains,
  validateCheckout,
  vatNumberForQuote,
  vatNumberRefusal,
  type CheckoutLine,
  type CheckoutValues,
  type FieldErrors,
} from '../utils/checkout-form';
import { AutoRenewConsent } from './auto-renew-consent';
import { BillingFields } from './billing-fields';
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

/** How long typing may pause before the VAT number typed so far is priced. */
const VAT_QUOTE_DELAY_MS = 400;

const VAT_PATH = 'billing_address.vat_number';

interface Failure {
  message: string;
  detail?: string;
}

/**
 * The signed-in checkout form (docs/product.md 'Checkout' ('The form', 'Submitting')): every
 * problem sits next to its field, and the form says what failed.
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [processing, setProcessing] = useState(false);
  // Never ticked in advance; a bank transfer cannot renew by itself, so it is not sent then.
  const [autoRenewTicked, setAutoRenewTicked] = useState(false);
  const autoRenew = autoRenewTicked && values.payment_method !== 'bank_transfer';
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const setValue = <K extends keyof CheckoutValues>(key: K, value: CheckoutValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  // The quote follows the country at once and the VAT number after a pause in typing, once
  // it is a whole number: its effect (reverse charge) shows while the buyer is still here.
  const { country, vat_number: typedVat } = values.billing;
  const wholeVat = vatNumberForQuote(typedVat, country);
  const [settledVat, setSettledVat] = useState(wholeVat);
  useEffect(() => {
    if (wholeVat === '') return;
    const timer = setTimeout(() => setSettledVat(wholeVat), VAT_QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wholeVat]);
  const quotedVat = wholeVat === '' ? '' : settledVat;
  const base = useMemo(
    () => checkoutQuoteRequest(lines, country, quotedVat, ''),
    [lines, country, quotedVat],
  );
  const request = useMemo(
    () => base && { ...base, promo_code: promoCode, ...(autoRenew ? { auto_renew: true } : {}) },
    [base, promoCode, autoRenew],
  );
  const priced = useQuote(request, lang);
  const applyPromo = usePromoApply(base, lang, onPromoCodeChange);

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

  const showErrors = (next: FieldErrors, message: string) => {
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
        translateMessage('checkout.order_failed', lang),
        'Order creation',
      );
      if (failed.status === 401) onSessionLost();
      showErrors(failed.errors, failed.message);
    }
  };

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

        <div className="space-y-4 rounded-card border border-slate-200 bg-slate-50 p-5">
          <CheckboxField
            id={fieldDomId('terms')}
            required
            error={errorText(errors, 'terms', lang)}
            label={
              <>
                {t('consent.termsBefore')}
                <NewTabLink href="/legal/sales">{t('consent.termsLink')}</NewTabLink>
                {t('consent.termsBetween')}
                <NewTabLink href="/legal/license">{t('consent.licenseLink')}</NewTabLink>
                {t('consent.termsAfter')}
              </>
            }
          >
            {(control) => (
              <input
                type="checkbox"
                checked={values.terms}
                onChange={(event) => setValue('terms', event.target.checked)}
                {...control}
              />
            )}
          </CheckboxField>
          <CheckboxField id="checkout-newsletter" label={t('consent.newsletter')}>
            {(control) => (
              <input
                type="checkbox"
                checked={values.newsletter}
                onChange={(event) => setValue('newsletter', event.target.checked)}
                {...control}
              />
            )}
          </CheckboxField>
        </div>

        <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
          <LinkButton to="/store/cart" variant="outline" size="lg">
            {t('actions.back')}
          </LinkButton>
          <div className="sm:text-right">
            {/* On a phone the summary column comes after the form: say the total here too. */}
            <p className="mb-3 flex justify-between gap-4 text-lg font-bold text-slate-900 lg:hidden">
              <span>{t('quote.total', { ns: 'common' })}</span>
              <span>{total}</span>
            </p>
            <Button
              type="submit"
              size="lg"
              fullWidth
              className="sm:w-auto"
              loading={processing}
              disabled={!values.terms}
              aria-describedby={values.terms ? undefined : 'checkout-terms-hint'}
            >
              {processing ? t('actions.processing') : t('actions.submit')}
            </Button>
            {!values.terms && (
              <p id="checkout-terms-hint" className="mt-2 text-sm text-slate-600">
                {t('actions.termsHint')}
              </p>
            )}
          </div>
        </div>
      </form>

      <div className="lg:sticky lg:top-24">
        <CheckoutSummary
          lines={lines}
          country={country}
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
