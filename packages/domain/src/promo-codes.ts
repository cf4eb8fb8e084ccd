import { z } from 'zod';
import { BILLING_CYCLES, type BillingCycle } from './billing-cycles';
import { clean, cleanArray } from './fields';
import type { MessageKey } from './messages';
import { MAX_CENTS, applyRate, centsToDecimalString, decimalStringToCents } from './money';
import { DecimalStringSchema } from './wire-schemas';

/*
 * Promo codes (docs/decisions/013-tax-treatment-and-promo-rules.md): a discount taken off the
 * amounts before VAT, either a percentage or a fixed amount, valid in a window of time, a
 * number of times in all and per customer, and optionally only on some templates and cycles.
 */

/** Codes are compared in upper case: what a customer types is trimmed and upper-cased first. */
export const normalizePromoCode = (input: string): string => input.trim().toUpperCase();

/** 3 to 32 letters, digits, hyphens or underscores, starting with a letter or digit. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const PROMO_CODE_MAX = 32;

/** A percentage is kept in basis points (1 % = 100), so 12.5 % is exact. */
export const PROMO_PERCENT_MIN_BASIS_POINTS = 100;
export const PROMO_PERCENT_MAX_BASIS_POINTS = 10_000;
/** Bound on the use limits an operator can set, far above any real campaign. */
export const PROMO_MAX_USES_LIMIT = 1_000_000;
/** Bound on the templates one code may name. */
export const PROMO_TEMPLATE_IDS_MAX = 100;

export type PromoDiscount =
  { kind: 'percentage'; basisPoints: number } | { kind: 'fixed'; amountCents: number };

export interface PromoCode {
  code: string;
  /** False once staff switched the code off: refused whatever its window and limits. */
  active: boolean;
  discount: PromoDiscount;
  /** First instant the code is accepted (inclusive); null: from its creation. */
  startsAt: Date | null;
  /** First instant the code is refused (exclusive); null: never expires. */
  endsAt: Date | null;
  /** Uses over all customers; null: unlimited. */
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** Templates the discount applies to; null or empty: every template. */
  templateIds: readonly number[] | null;
  /** Billing cycles the discount applies to; null or empty: every cycle. */
  billingCycles: readonly BillingCycle[] | null;
}

/** One line of the order as a promo sees it: its amount before discount and VAT. */
export interface PromoLine {
  templateId: number;
  billingCycle?: BillingCycle | undefined;
  amountCents: number;
}

export interface PromoContext {
  now: Date;
  /** Uses already recorded for the code, this order not included. */
  usesTotal: number;
  /** Uses already recorded for the code by this customer, this order not included. */
  usesByCustomer: number;
}

export const PROMO_REFUSALS = [
  'unknown',
  'not_started',
  'expired',
  'used_up',
  'not_applicable',
  'inactive',
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

export type PromoResult =
  { ok: true; discountCents: number; perLine: number[] } | { ok: false; reason: PromoRefusal };

/** The message of each refusal, shown beside the promo code field. */
export const PROMO_ERROR_KEYS: Readonly<Record<PromoRefusal, MessageKey>> = {
  unknown: 'promo.unknown',
  not_started: 'promo.not_started',
  expired: 'promo.expired',
  used_up: 'promo.used_up',
  not_applicable: 'promo.not_applicable',
  inactive: 'promo.inactive',
};

/** Whether the code's template and cycle restrictions let it apply to a line. */
export function promoAppliesTo(code: PromoCode, line: PromoLine): boolean {
  const { templateIds, billingCycles } = code;
  if (templateIds && templateIds.length > 0 && !templateIds.includes(line.templateId)) return false;
  if (billingCycles && billingCycles.length > 0) {
    return line.billingCycle !== undefined && billingCycles.includes(line.billingCycle);
  }
  return true;
}

/**
 * Splits `totalCents` across `amounts` in proportion to each, in whole cents, so that the
 * parts add up to the total exactly and none exceeds its amount (the total must not exceed
 * their sum). Each part is the floor of its exact share; the cents left over go one each to
 * the parts with the largest remainders, the earlier line first on a tie (largest remainder
 * method). Integer arithmetic throughout: shares of amounts up to MAX_CENTS stay exact.
 */
export function spreadDiscount(totalCents: number, amounts: readonly number[]): number[] {
  const sum = amounts.reduce((acc, amount) => acc + amount, 0);
  if (!Number.isSafeInteger(totalCents) || totalCents < 0 || totalCents > sum) {
    throw new RangeError(`Cannot spread ${totalCents} cents over ${sum}`);
  }
  if (totalCents === 0) return amounts.map(() => 0);
  const total = BigInt(totalCents);
  const whole = BigInt(sum);
  const parts = amounts.map((amount) => {
    const exact = total * BigInt(amount);
    return { share: Number(exact / whole), remainder: exact % whole };
  });
  let left = totalCents - parts.reduce((acc, part) => acc + part.share, 0);
  const byRemainder = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const shares = parts.map((part) => part.share);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * Applies a promo code to an order's lines, before VAT. Checks, in this order: the code exists
 * (null when the lookup found nothing), its window has started and not ended, it has uses left
 * in all and for this customer, and it applies to at least one line with an amount.
 *
 * The discount is computed once on the amount of the lines it applies to: a percentage of it
 * rounded half-up to the cent (like VAT, docs/product.md 'Prices and VAT'), or the fixed amount
 * capped at it, so no line and no order ever goes below zero. `perLine` gives each line's part
 * (0 for lines the code does not apply to), spread by spreadDiscount so the parts add up to
 * the discount to the cent.
 */
export function applyPromo(
  code: PromoCode | null | undefined,
  lines: readonly PromoLine[],
  context: PromoContext,
): PromoResult {
  if (!code) return { ok: false, reason: 'unknown' };
  if (!code.active) return { ok: false, reason: 'inactive' };
  const now = context.now.getTime();
  if (code.startsAt && now < code.startsAt.getTime()) return { ok: false, reason: 'not_started' };
  if (code.endsAt && now >= code.endsAt.getTime()) return { ok: false, reason: 'expired' };
  if (
    (code.maxUses !== null && context.usesTotal >= code.maxUses) ||
    (code.maxUsesPerCustomer !== null && context.usesByCustomer >= code.maxUsesPerCustomer)
  ) {
    return { ok: false, reason: 'used_up' };
  }

  const eligible = lines.map((line) => (promoAppliesTo(code, line) ? line.amountCents : 0));
  const base = eligible.reduce((acc, amount) => acc + amount, 0);
  if (base === 0) return { ok: false, reason: 'not_applicable' };

  const { discount } = code;
  const discountCents =
    discount.kind === 'percentage'
      ? Math.min(applyRate(base, discount.basisPoints / 100), base)
      : Math.min(discount.amountCents, base);
  return { ok: true, discountCents, perLine: spreadDiscount(discountCents, eligible) };
}

/* Admin input ----------------------------------------------------------------------------- */

export const promoDateField = z.iso
  .datetime({ offset: true, error: 'promo.date.invalid' })
  .nullish()
  .transform((value) => (value ? new Date(value) : null));

export const promoUseLimit = (error: MessageKey) =>
  z
    .number({ error })
    .int({ error })
    .min(1, { error })
    .max(PROMO_MAX_USES_LIMIT, { error })
    .nullish()
    .transform((value) => value ?? null);

const PercentageInputSchema = z.object({
  type: z.literal('percentage'),
  /** 1 to 100, at most two decimals (12.5 is 12.5 %). */
  percent: z
    .number({ error: 'promo.percent.invalid' })
    .min(PROMO_PERCENT_MIN_BASIS_POINTS / 100, { error: 'promo.percent.invalid' })
    .max(PROMO_PERCENT_MAX_BASIS_POINTS / 100, { error: 'promo.percent.invalid' })
    .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-9, {
      error: 'promo.percent.invalid',
    }),
});

const FixedInputSchema = z.object({
  type: z.literal('fixed'),
  /** A decimal string like every amount of the API ("10.00"), more than zero. */
  amount: z.string({ error: 'promo.amount.invalid' }).refine(
    (amount) => {
      if (!DecimalStringSchema.safeParse(amount).success) return false;
      const cents = decimalStringToCents(amount);
      return cents > 0 && cents <= MAX_CENTS;
    },
    { error: 'promo.amount.invalid' },
  ),
});

/**
 * A new promo code as an operator sends it. Dates are ISO 8601 with an offset; limits and
 * restrictions may be left out (null or absent: none). Parsing gives the PromoCode the rules
 * use, the code upper-cased and the discount in basis points or cents.
 */
export const PromoCodeCreateSchema = z
  .object(
    {
      // trim and toUpperCase: the same normalisation as normalizePromoCode.
      code: z
        .string({ error: 'promo.code.required' })
        .trim()
        .toUpperCase()
        .min(1, { error: 'promo.code.required', ...clean })
        .regex(PROMO_CODE_PATTERN, { error: 'promo.code.invalid', ...clean }),
      discount: z.discriminatedUnion('type', [PercentageInputSchema, FixedInputSchema], {
        error: 'promo.discount.invalid',
      }),
      starts_at: promoDateField,
      ends_at: promoDateField,
      max_uses: promoUseLimit('promo.max_uses.invalid'),
      max_uses_per_customer: promoUseLimit('promo.max_uses.invalid'),
      template_ids: z
        .array(
          z
            .number({ error: 'promo.template_ids.invalid' })
            .int({ error: 'promo.template_ids.invalid' })
            .positive({ error: 'promo.template_ids.invalid' }),
          { error: 'promo.template_ids.invalid' },
        )
        .max(PROMO_TEMPLATE_IDS_MAX, { error: 'promo.template_ids.invalid', ...cleanArray })
        .nullish(),
      billing_cycles: z
        .array(z.enum(BILLING_CYCLES, { error: 'promo.billing_cycles.invalid' }), {
          error: 'promo.billing_cycles.invalid',
        })
        .nullish(),
    },
    { error: 'validation.invalid' },
  )
  .superRefine((input, ctx) => {
    if (input.starts_at && input.ends_at && input.ends_at <= input.starts_at) {
      ctx.addIssue({ code: 'custom', message: 'promo.window.invalid', path: ['ends_at'] });
    }
  })
  .transform((input): PromoCode => ({
    code: input.code,
    active: true,
    discount:
      input.discount.type === 'percentage'
        ? { kind: 'percentage', basisPoints: Math.round(input.discount.percent * 100) }
        : { kind: 'fixed', amountCents: decimalStringToCents(input.discount.amount) },
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    maxUses: input.max_uses,
    maxUsesPerCustomer: input.max_uses_per_customer,
    // Repeats say nothing more; an empty list is no restriction, as null is.
    templateIds: input.template_ids?.length ? [...new Set(input.template_ids)] : null,
    billingCycles: input.billing_cycles?.length ? [...new Set(input.billing_cycles)] : null,
  }));
export type PromoCodeCreateInput = z.input<typeof PromoCodeCreateSchema>;

/* Admin answers ---------------------------------------------------------------------------- */

/** A code as the back office lists it: its rules as created, and its uses that count. */
export const PromoCodeAdminSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  discount: z.discriminatedUnion('type', [
    z.object({ type: z.literal('percentage'), percent: z.number() }),
    z.object({ type: z.literal('fixed'), amount: DecimalStringSchema }),
  ]),
  starts_at: z.iso.datetime({ offset: true }).nullable(),
  ends_at: z.iso.datetime({ offset: true }).nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  template_ids: z.array(z.number().int()).nullable(),
  billing_cycles: z.array(z.enum(BILLING_CYCLES)).nullable(),
  /** False once switched off: the code is refused at checkout. */
  active: z.boolean(),
  /** Uses of orders not cancelled. */
  uses: z.number().int().min(0),
  created_at: z.iso.datetime({ offset: true }),
});
export type PromoCodeAdmin = z.infer<typeof PromoCodeAdminSchema>;

/** A code in its admin wire form. */
export function promoCodeToWire(
  promo: PromoCode,
  meta: { id: number; uses: number; createdAt: Date },
): PromoCodeAdmin {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: meta.id,
    code: promo.code,
    discount:
      promo.discount.kind === 'percentage'
        ? { type: 'percentage', percent: promo.discount.basisPoints / 100 }
        : { type: 'fixed', amount: centsToDecimalString(promo.discount.amountCents) },
    starts_at: iso(promo.startsAt),
    ends_at: iso(promo.endsAt),
    max_uses: promo.maxUses,
    max_uses_per_customer: promo.maxUsesPerCustomer,
    template_ids: promo.templateIds ? [...promo.templateIds] : null,
    billing_cycles: promo.billingCycles ? [...promo.billingCycles] : null,
    active: promo.active,
    uses: meta.uses,
    created_at: meta.createdAt.toISOString(),
  };
}
