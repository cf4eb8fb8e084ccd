import { regexes } from 'zod/v4/core';
import { isBillingCycle } from './billing-cycles';
import { isRecord, isWholeFrom, type Fields } from './field-readers';
import { DECIMAL_STRING } from './money';
import type { QuoteAnswer, QuoteLineResponse } from './quote-answer';
import { ORDER_VAT_NUMBER_STATUSES, TAX_KINDS } from './tax-treatment';

/*
 * The quote answer read by hand: the cart asks for a quote as soon as it has a line, and its
 * page stays within its script budget without the zod runtime (docs/quality.md). The calendar
 * patterns are zod's own, so dates are judged exactly as QuoteSchema judges them; a property
 * test proves readQuoteAnswer accepts what QuoteSchema accepts (quote-answer.ts), with the
 * same result.
 */

const ISO_DATE = regexes.date;
const ISO_DATETIME_WITH_OFFSET = regexes.datetime({ offset: true, local: false, precision: null });
const TAX_KIND_SET: ReadonlySet<unknown> = new Set(TAX_KINDS);
const VAT_NUMBER_STATUS_SET: ReadonlySet<unknown> = new Set(ORDER_VAT_NUMBER_STATUSES);

const isAmount = (value: unknown): value is string =>
  typeof value === 'string' && DECIMAL_STRING.test(value);
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE.test(value);

/** Copies the optional fields that are present; false when one present is not valid. */
function copyOptional<T extends object>(
  raw: Fields,
  target: T,
  checks: Record<string, (value: unknown) => boolean>,
): boolean {
  for (const [key, valid] of Object.entries(checks)) {
    const value = raw[key];
    // A key given as undefined stays, as zod keeps it (never the case in JSON).
    if (value !== undefined && !valid(value)) return false;
    if (key in raw) (target as Fields)[key] = value;
  }
  return true;
}

function readLine(raw: unknown): QuoteLineResponse | null {
  if (!isRecord(raw)) return null;
  const { template_id, quantity, unit_price, subtotal, discount, total } = raw;
  if (
    !isWholeFrom(template_id, 1) ||
    !isWholeFrom(quantity, 1) ||
    !isAmount(unit_price) ||
    !isAmount(subtotal) ||
    !isAmount(discount) ||
    !isAmount(total)
  )
    return null;
  const line: QuoteLineResponse = { template_id, quantity, unit_price, subtotal, discount, total };
  const optional = {
    billing_cycle: isBillingCycle,
    period_start: isDate,
    renews_on: isDate,
    renewal_price: isAmount,
  };
  return copyOptional(raw, line, optional) ? line : null;
}

const AMOUNTS = ['subtotal', 'discount', 'taxable', 'tax', 'tax_rate', 'total'] as const;

/** The quote of an answer, its known fields only; null when anything is out of shape. */
export function readQuoteAnswer(raw: unknown): QuoteAnswer | null {
  if (!isRecord(raw) || !Array.isArray(raw.lines) || typeof raw.reverse_charge !== 'boolean')
    return null;
  if (!AMOUNTS.every((key) => isAmount(raw[key]))) return null;
  const lines: QuoteLineResponse[] = [];
  for (const item of raw.lines as unknown[]) {
    const line = readLine(item);
    if (!line) return null;
    lines.push(line);
  }
  const amounts = Object.fromEntries(AMOUNTS.map((key) => [key, raw[key] as string]));
  const quote = {
    lines,
    ...(amounts as Record<(typeof AMOUNTS)[number], string>),
    reverse_charge: raw.reverse_charge,
  } as QuoteAnswer;
  const optional = {
    mention: (value: unknown) => typeof value === 'string',
    tax_kind: (value: unknown) => TAX_KIND_SET.has(value),
    vat_number_status: (value: unknown) => VAT_NUMBER_STATUS_SET.has(value),
    auto_renew: (value: unknown) => typeof value === 'boolean',
    next_charge_at: (value: unknown) =>
      value === null || (typeof value === 'string' && ISO_DATETIME_WITH_OFFSET.test(value)),
  };
  return copyOptional(raw, quote, optional) ? quote : null;
}

/** The answer of POST /api/v1/website/quote: `{ success: true, quote }`; null when not. */
export function readQuoteEnvelope(payload: unknown): QuoteAnswer | null {
  if (!isRecord(payload) || payload.success !== true) return null;
  return readQuoteAnswer(payload.quote);
}
