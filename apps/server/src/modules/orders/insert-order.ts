import { randomBytes } from 'node:crypto';
import { CURRENCY } from '@cadran/domain/constants';
import { ORDER_NUMBER_RANDOM_BYTES, generateOrderNumber } from '@cadran/domain/orders';
import type { Quote } from '@cadran/domain/quote';
import { isUniqueViolation } from '../../db/unique-violation';
import type { NewOrder } from './repository';
import type { VatNumberCheckResult } from './vat-verification';

/*
 * The one way an order is written (docs/architecture.md 'The order path, hop by hop'): a
 * checkout, a renewal, an automatic renewal and a plan change all take their amounts from a
 * quote with the same columns, and their number from the same retry on a clash.
 */

/** 40 random bits per number: a clash is rare, five in a row means something else is wrong. */
const ORDER_NUMBER_ATTEMPTS = 5;

/**
 * Runs `write` with a fresh order number, again with another one when the number was taken.
 * Any other failure is the caller's.
 */
export async function withFreshOrderNumber<T>(
  write: (orderNumber: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const orderNumber = generateOrderNumber(randomBytes(ORDER_NUMBER_RANDOM_BYTES));
    try {
      return await write(orderNumber);
    } catch (error) {
      if (isUniqueViolation(error, 'orders_order_number_unique') && attempt < ORDER_NUMBER_ATTEMPTS)
        continue;
      throw error;
    }
  }
}

/** The columns of an order a quote decides: amounts, tax, and the VAT number as checked. */
export function quotedColumns(
  quote: Quote,
  vat: VatNumberCheckResult | null | undefined,
): Pick<
  NewOrder,
  | 'currency'
  | 'subtotalCents'
  | 'discountCents'
  | 'taxableCents'
  | 'taxRateBasisPoints'
  | 'taxCents'
  | 'totalCents'
  | 'taxKind'
  | 'reverseCharge'
  | 'taxMentionKey'
  | 'vatNumber'
  | 'vatNumberStatus'
  | 'vatConsultationNumber'
  | 'vatCheckedAt'
> {
  return {
    currency: CURRENCY,
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    taxableCents: quote.taxableCents,
    taxRateBasisPoints: quote.taxRateBasisPoints,
    taxCents: quote.taxCents,
    totalCents: quote.totalCents,
    taxKind: quote.taxKind,
    reverseCharge: quote.reverseCharge,
    taxMentionKey: quote.mention ?? null,
    // 'invalid' never reaches an order: pricing refuses it first.
    vatNumber: vat?.vatNumber ?? null,
    vatNumberStatus: vat ? (vat.status === 'verified' ? 'verified' : 'format_checked') : 'none',
    vatConsultationNumber: vat?.consultationNumber ?? null,
    vatCheckedAt: vat?.checkedAt ?? null,
  };
}
