import type { MessageKey } from '@cadran/domain/messages';
import type { PromoRefusal } from '@cadran/domain/promo-codes';
import type { Account } from '../auth/repository';
import type { PlaceOrderInput } from '../orders/place-order';
import type { StoredOrder } from '../orders/repository';
import type { OrdersService } from '../orders/service';
import { ProviderUnavailableError } from '../payments/provider';
import type { PaymentsService } from '../payments/service';
import { MethodUnavailableError } from '../payments/start-payment';

export type CheckoutResult =
  | { kind: 'created' | 'replayed'; order: StoredOrder; paymentUrl: string | null }
  | { kind: 'rejected'; errors: Record<string, MessageKey[]>; promoRefusal?: PromoRefusal }
  | { kind: 'key_reused' }
  | { kind: 'method_unavailable' }
  /** The order exists but its payment could not be opened: the buyer retries it later. */
  | { kind: 'provider_unavailable'; order: StoredOrder; cause: unknown };

export interface CheckoutDeps {
  orders: OrdersService;
  payments: PaymentsService;
}

/**
 * The checkout (docs/product.md 'Checkout'): places the order, then opens its payment and
 * answers where the buyer pays. A method no provider can take on this install means no order
 * at all, rather than an order nobody can pay. A replay with the same Idempotency-Key gets the
 * same order and the same payment URL.
 */
export async function checkout(
  { orders, payments }: CheckoutDeps,
  account: Pick<Account, 'id'>,
  input: Omit<PlaceOrderInput, 'userId'>,
): Promise<CheckoutResult> {
  if (!payments.isAvailable(input.body.payment_method)) return { kind: 'method_unavailable' };
  const placed = await orders.place({ ...input, userId: account.id });
  if (placed.kind === 'rejected' || placed.kind === 'key_reused') return placed;
  return openPayment(payments, placed);
}

/** What opening a just-placed (or replayed) order's payment answers. */
export type OpenedPayment =
  | { kind: 'created' | 'replayed'; order: StoredOrder; paymentUrl: string | null }
  | { kind: 'method_unavailable' }
  | { kind: 'provider_unavailable'; order: StoredOrder; cause: unknown };

/**
 * Opens the payment of an order placed by the checkout or a renewal and maps a provider's
 * refusal to an answer instead of an error.
 */
export async function openPayment(
  payments: PaymentsService,
  placed: { kind: 'created' | 'replayed'; order: StoredOrder },
): Promise<OpenedPayment> {
  try {
    const paymentUrl = await payments.start(placed.order, {
      justCreated: placed.kind === 'created',
    });
    return { kind: placed.kind, order: placed.order, paymentUrl };
  } catch (error) {
    if (error instanceof MethodUnavailableError) return { kind: 'method_unavailable' };
    if (error instanceof ProviderUnavailableError) {
      return { kind: 'provider_unavailable', order: placed.order, cause: error };
    }
    throw error;
  }
}
