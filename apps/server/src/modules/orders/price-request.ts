import type { CountryCode } from '@cadran/domain/countries';
import type { MessageKey } from '@cadran/domain/messages';
import type { OrderItemInput } from '@cadran/domain/orders';
import { PROMO_ERROR_KEYS, type PromoRefusal } from '@cadran/domain/promo-codes';
import { computeQuote, type Quote } from '@cadran/domain/quote';
import { decideTaxTreatment, type TaxTreatment } from '@cadran/domain/tax-treatment';
import { checkVatNumber } from '@cadran/domain/vat-number';
import type { Executor } from '../../db/transaction';
import { MAX_ORDER_CENTS, priceItems, type PricedItem } from './pricing';
import type { PromoRepository, StoredPromoCode } from './promo-repository';
import type { OrdersRepository } from './repository';
import type { VatNumberCheckResult, VatNumberVerifier } from './vat-verification';

/*
 * The one pricing of the quote and the order (docs/decisions/013-tax-treatment-and-promo-rules.md,
 * docs/decisions/014-vies-and-promo-redemptions.md), in two steps so the order can run the second
 * inside its transaction, holding the promo code's lock:
 * 1. `prepare`: the lines from the catalogue, the VAT number asked of VIES, the tax treatment;
 * 2. `applyPromo`: the code looked up and its uses counted, then computeQuote.
 */

export interface PricingDeps {
  orders: OrdersRepository;
  promos: PromoRepository;
  vat: VatNumberVerifier;
}

export type FieldErrors = Record<string, MessageKey[]>;

export interface PreparedPricing {
  items: PricedItem[];
  tax: TaxTreatment;
  /** The number as checked; null when none was given. */
  vatNumber: VatNumberCheckResult | null;
}

/** Where each input sits in the payload, for field errors: the quote's and the order's differ. */
export interface PricingPaths {
  vatNumber: string;
  promoCode: string;
}

export async function preparePricing(
  deps: PricingDeps,
  input: { items: readonly OrderItemInput[]; country: CountryCode; vatNumber: string },
  paths: PricingPaths,
): Promise<{ ok: true; prepared: PreparedPricing } | { ok: false; errors: FieldErrors }> {
  const templates = await deps.orders.findTemplates(input.items.map((item) => item.template_id));
  const priced = priceItems(input.items, templates);
  if (!priced.ok) return priced;
  const taxed = await prepareTax(deps, input.country, input.vatNumber, paths);
  if (!taxed.ok) return taxed;
  return { ok: true, prepared: { items: priced.items, ...taxed.prepared } };
}

/**
 * The tax treatment of a buyer: the VAT number (if any) checked for its member state and asked
 * of VIES, then the treatment of the country and that answer. A renewal prices its one line
 * with it too.
 */
export async function prepareTax(
  deps: Pick<PricingDeps, 'vat'>,
  country: CountryCode,
  vatNumberInput: string,
  paths: Pick<PricingPaths, 'vatNumber'>,
): Promise<
  | { ok: true; prepared: Pick<PreparedPricing, 'tax' | 'vatNumber'> }
  | { ok: false; errors: FieldErrors }
> {
  const input = { country, vatNumber: vatNumberInput };
  let vatNumber: VatNumberCheckResult | null = null;
  if (input.vatNumber !== '') {
    // The schemas checked it already; checked again for its member state.
    const check = checkVatNumber(input.vatNumber, input.country);
    if (!check.valid)
      return { ok: false, errors: { [paths.vatNumber]: ['vat_number.invalid_format'] } };
    vatNumber = await deps.vat.verify(check.normalized, check.country);
    // VIES says no such number: the buyer is told, rather than charged VAT in silence.
    if (vatNumber.status === 'invalid') {
      return { ok: false, errors: { [paths.vatNumber]: ['vat_number.not_registered'] } };
    }
  }
  const tax = decideTaxTreatment({
    country: input.country,
    vatNumber: vatNumber && { country: vatNumber.country, status: vatNumber.status },
  });
  return { ok: true, prepared: { tax, vatNumber } };
}

export type AppliedPricing =
  | { ok: true; quote: Quote; promo: StoredPromoCode | null }
  | { ok: false; errors: FieldErrors; promoRefusal?: PromoRefusal };

/**
 * Prices the prepared lines with the promo code ('' for none). `lock` locks the code's row in
 * `executor`'s transaction before its uses are counted (the order); the quote only reads.
 */
export async function applyPricing(
  deps: PricingDeps,
  prepared: PreparedPricing,
  options: {
    promoCode: string;
    userId: string | null;
    now: Date;
    paths: PricingPaths;
    executor?: Executor;
    lock?: boolean;
  },
): Promise<AppliedPricing> {
  let promo: StoredPromoCode | null = null;
  let promoInput = null;
  if (options.promoCode !== '') {
    const found = await deps.promos.findByCode(options.promoCode, {
      ...(options.executor ? { executor: options.executor } : {}),
      lock: options.lock ?? false,
    });
    promo = found ?? null;
    const uses = found
      ? await deps.promos.countUses(found.id, options.userId, options.executor)
      : { usesTotal: 0, usesByCustomer: 0 };
    promoInput = { code: found?.code ?? null, context: { now: options.now, ...uses } };
  }
  const result = computeQuote({
    lines: prepared.items.map((item) => item.line),
    promo: promoInput,
    tax: prepared.tax,
  });
  if (!result.ok) {
    return {
      ok: false,
      errors: { [options.paths.promoCode]: [PROMO_ERROR_KEYS[result.reason]] },
      promoRefusal: result.reason,
    };
  }
  if (result.quote.totalCents > MAX_ORDER_CENTS) {
    return { ok: false, errors: { items: ['orders.amount_too_large'] } };
  }
  return { ok: true, quote: result.quote, promo };
}
