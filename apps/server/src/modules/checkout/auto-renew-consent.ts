import { firstChargeAt } from '@cadran/domain/auto-renewal';
import type { PaymentMethod } from '@cadran/domain/order-status';
import type { Quote } from '@cadran/domain/quote';
import { HttpError } from '../../http/http-error';

/**
 * The automatic renewal box of the checkout (docs/product.md 'Checkout' ('Automatic
 * renewal')): a bank transfer keeps its reminders and cannot renew itself, so asking for both
 * is a bad request that changes nothing.
 */
export function refuseTransferAutoRenew(body: {
  auto_renew?: boolean | undefined;
  payment_method?: PaymentMethod | undefined;
}): void {
  if (body.auto_renew === true && body.payment_method === 'bank_transfer') {
    throw new HttpError(400, 'auto_renew.bank_transfer', {
      fieldErrors: { auto_renew: ['auto_renew.bank_transfer'] },
    });
  }
}

/** What the quote answers of automatic renewal: asked or not, and the first charge's date. */
export function quoteAutoRenew(
  quote: Quote,
  asked: boolean | undefined,
  now: Date,
): { auto_renew: boolean; next_charge_at: string | null } {
  const at = asked
    ? firstChargeAt(
        quote.lines.map((line) => line.billingCycle),
        now,
      )
    : null;
  return { auto_renew: asked === true && at !== null, next_charge_at: at?.toISOString() ?? null };
}
