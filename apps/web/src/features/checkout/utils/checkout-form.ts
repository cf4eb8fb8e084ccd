import { billingAddressFromUser, type StoredBillingAddress } from '@cadran/domain/billing-address';
import type { SessionUser } from '@cadran/domain/auth';
import type { StoredDeliveryAddress } from '@cadran/domain/delivery-address';
import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import type { CartCustomizations } from '@cadran/domain/cart';
import {
  CheckoutFormSchema,
  DEFAULT_PAYMENT_METHOD,
  isDomainErrorPath,
  maxAdditionalDomains,
  type OrderCreateInput,
  type PaymentMethod,
} from '@cadran/domain/orders';
import { isCountryCode, type CountryCode } from '@cadran/domain/countries';
import type { MessageKey } from '@cadran/domain/messages';
import type { QuoteRequestInput } from '@cadran/domain/quote';
import { DEFAULT_COUNTRY } from '@cadran/domain/vat';
import { VAT_NUMBER_ERROR_KEYS, checkVatNumber } from '@cadran/domain/vat-number';

/**
 * The checkout form as plain data (docs/product.md 'Checkout'), kept apart
 * from React so its rules are tested on their own. Field errors are keyed by the API's field
 * paths ("items.0.customizations.primary_domain"), so the browser's checks and the server's
 * answers land next to the same inputs.
 */

/** What the form needs of a cart line; extras stay in the cart so cart and summary agree. */
export interface CheckoutLine {
  id: string;
  templateId: number;
  name: string;
  domainLimit: number;
  installationLimit: number;
  updatesIncluded: boolean;
  quantity: number;
  priceCents: number;
  setupFeeCents: number;
  customizations: CartCustomizations;
}

export interface LineDomains {
  primary: string;
  /** Raw inputs, blanks included: a server error on index n points at input n. */
  additional: string[];
}

export type BillingValues = Omit<StoredBillingAddress, 'country'> & { country: CountryCode };

export type DeliveryValues = Omit<StoredDeliveryAddress, 'country'> & { country: CountryCode };

export interface CheckoutValues {
  domains: Record<string, LineDomains>;
  billing: BillingValues;
  /** Null while the licences go to the billing address ("the delivery address differs" unticked). */
  delivery: DeliveryValues | null;
  payment_method: PaymentMethod;
  notes: string;
  terms: boolean;
  newsletter: boolean;
}

/** Messages per field path: catalogue keys from the browser, sentences from the server. */
export type FieldErrors = Record<string, string[]>;

const EMPTY_DOMAINS: LineDomains = { primary: '', additional: [] };

export const domainsOf = (values: CheckoutValues, lineId: string): LineDomains =>
  values.domains[lineId] ?? EMPTY_DOMAINS;

/** The billing block is auto-filled from the account, the country defaulting to FR. */
export function initialValues(user: SessionUser | null): CheckoutValues {
  const billing = user
    ? billingAddressFromUser(user)
    : {
        first_name: '',
        last_name: '',
        company: '',
        email: '',
        phone: '',
        address_line_1: '',
        address_line_2: '',
        city: '',
        postal_code: '',
        country: DEFAULT_COUNTRY,
        vat_number: '',
        siren: '',
      };
  return {
    domains: {},
    billing: {
      ...billing,
      country: isCountryCode(billing.country) ? billing.country : DEFAULT_COUNTRY,
    },
    delivery: null,
    payment_method: DEFAULT_PAYMENT_METHOD,
    notes: '',
    terms: false,
    newsletter: false,
  };
}

export function setLineDomains(
  values: CheckoutValues,
  lineId: string,
  change: (current: LineDomains) => LineDomains,
): CheckoutValues {
  return { ...values, domains: { ...values.domains, [lineId]: change(domainsOf(values, lineId)) } };
}

/** A delivery address to fill in: the billing's recipient and country, the address blank. */
export const deliveryFromBilling = (billing: BillingValues): DeliveryValues => ({
  first_name: billing.first_name,
  last_name: billing.last_name,
  company: billing.company,
  address_line_1: '',
  address_line_2: '',
  city: '',
  postal_code: '',
  country: billing.country,
});

/** Additional domain inputs go up to domain_limit - 1. */
export const canAddDomain = (line: CheckoutLine, domains: LineDomains): boolean =>
  domains.additional.length < maxAdditionalDomains(line.domainLimit);

/** The order creation payload, in cart order; amounts are the server's business. */
export function toOrderPayload(
  lines: readonly CheckoutLine[],
  values: CheckoutValues,
  promoCode = '',
): OrderCreateInput {
  return {
    ...(promoCode === '' ? {} : { promo_code: promoCode }),
    items: lines.map((line) => {
      const domains = domainsOf(values, line.id);
      return {
        template_id: line.templateId,
        quantity: line.quantity,
        customizations: {
          primary_domain: domains.primary,
          additional_domains_list: domains.additional,
          extra_domains: line.customizations.extra_domains,
          extra_installations: line.customizations.extra_installations,
        },
      };
    }),
    billing_address: { ...values.billing },
    ...(values.delivery ? { delivery_address: { ...values.delivery } } : {}),
    payment_method: values.payment_method,
    notes: values.notes,
    newsletter: values.newsletter,
  };
}

export type CheckoutValidation =
  { ok: true; body: OrderCreateInput } | { ok: false; errors: FieldErrors };

/**
 * The submit checks (docs/product.md 'Checkout' ('Submitting')) with the shared schema: every
 * primary domain valid, non-empty additional domains valid, a payment method, the terms of sale.
 * The request body keeps the raw inputs (the server normalises them the same way and its error
 * indexes match the form).
 */
export function validateCheckout(
  lines: readonly CheckoutLine[],
  values: CheckoutValues,
  promoCode = '',
): CheckoutValidation {
  const body = toOrderPayload(lines, values, promoCode);
  const parsed = CheckoutFormSchema.safeParse({ ...body, terms: values.terms });
  if (parsed.success) return { ok: true, body };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    const list = (errors[path] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { ok: false, errors };
}

/** Domain problems also get the overall 'domains error'. */
export const hasDomainErrors = (errors: FieldErrors): boolean =>
  Object.keys(errors).some(isDomainErrorPath);

/** The DOM id of the input a field path belongs to. */
export const fieldDomId = (path: string): string => `checkout-${path.replace(/\./g, '-')}`;

/**
 * The VAT number as the quote should get it while the buyer types: the number once it passes
 * the offline check for the country (normalised), '' while it is empty or not yet a number, so
 * the summary shows its effect as soon as a whole number is there
 * (docs/decisions/021-the-screens-show-the-server-quote.md).
 */
export function vatNumberForQuote(input: string, country: CountryCode): string {
  if (input.trim() === '') return '';
  const check = checkVatNumber(input, country);
  return check.valid ? check.normalized : '';
}

/** Why a typed VAT number is refused for this country, as a message key; null when it is fine. */
export function vatNumberRefusal(input: string, country: CountryCode): MessageKey | null {
  if (input.trim() === '') return null;
  const check = checkVatNumber(input, country);
  return check.valid ? null : VAT_NUMBER_ERROR_KEYS[check.reason];
}

/** The quote of the checkout: the lines with their extras (domains change no price). */
export function checkoutQuoteRequest(
  lines: readonly CheckoutLine[],
  country: CountryCode,
  vatNumber: string,
  promoCode: string,
): QuoteRequestInput | null {
  if (lines.length === 0) return null;
  return {
    items: lines.map((line) => ({
      template_id: line.templateId,
      quantity: line.quantity,
      customizations: {
        extra_domains: line.customizations.extra_domains,
        extra_installations: line.customizations.extra_installations,
      },
    })),
    country,
    vat_number: vatNumber,
    promo_code: promoCode,
  };
}

/** The text shown under a field: its messages in the reader's language, or undefined. */
export function errorText(errors: FieldErrors, path: string, lang: Language): string | undefined {
  const messages = errors[path];
  if (!messages || messages.length === 0) return undefined;
  return messages.map((message) => translateMessage(message, lang)).join(' ');
}
