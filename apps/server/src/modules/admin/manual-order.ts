import type { ManualOrderCreate, ManualOrderQuote } from '@cadran/domain/staff-manual-order';
import type { PromoRefusal } from '@cadran/domain/promo-codes';
import type { MessageKey } from '@cadran/domain/messages';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { queueMail } from '../../mail/queue';
import { mailBrand, type MailBrand } from '../../mail/templates';
import { paymentLinkMail } from '../order-mail/emails';
import type { QuoteOrderResult } from '../orders/quote-order';
import type { StoredOrder } from '../orders/repository';
import type { OrdersService } from '../orders/service';
import { ProviderUnavailableError } from '../payments/provider';
import type { PaymentsService } from '../payments/service';
import { customerAnswer, findManualOrderCustomer } from './manual-order-customer';

export interface ManualOrderDeps {
  db: Database;
  orders: Pick<OrdersService, 'quote' | 'place'>;
  payments: PaymentsService;
  brand: MailBrand;
}

type CustomerRefusal = { kind: 'customer_unknown' } | { kind: 'incomplete_profile' };

export type ManualQuoteResult =
  | CustomerRefusal
  | {
      kind: 'quoted';
      customer: ReturnType<typeof customerAnswer>;
      quote: Extract<QuoteOrderResult, { kind: 'quoted' }>;
    }
  | { kind: 'rejected'; errors: Record<string, MessageKey[]>; promoRefusal?: PromoRefusal };

/**
 * The price of an order staff are about to place for a customer: the checkout's own quote,
 * with the country and VAT number of the customer's profile (VIES asked as at checkout) and the
 * customer's own uses of the promo code.
 */
export async function quoteManualOrder(
  deps: ManualOrderDeps,
  body: ManualOrderQuote,
): Promise<ManualQuoteResult> {
  const found = await findManualOrderCustomer(deps.db, body.customer);
  if (found.kind === 'unknown') return { kind: 'customer_unknown' };
  if (found.kind === 'incomplete_profile') return { kind: 'incomplete_profile' };
  const quoted = await deps.orders.quote(
    {
      items: body.items,
      country: found.billing.country,
      vat_number: found.billing.vat_number,
      promo_code: body.promo_code,
    },
    found.account.id,
  );
  if (quoted.kind === 'rejected') return quoted;
  return {
    kind: 'quoted',
    customer: customerAnswer(found.account, found.billing),
    quote: quoted,
  };
}

export type ManualOrderResult =
  | CustomerRefusal
  | { kind: 'customer_locked' }
  | { kind: 'method_unavailable' }
  | { kind: 'key_reused' }
  | { kind: 'rejected'; errors: Record<string, MessageKey[]>; promoRefusal?: PromoRefusal }
  | {
      kind: 'placed';
      /** A replay of the same request (same Idempotency-Key and body): nothing new was sent. */
      replayed: boolean;
      order: StoredOrder;
      paymentUrl: string | null;
      /** The account the order's e-mail went to. */
      to: string;
      /** The provider could not open the payment: the order waits, no link was sent. */
      providerUnavailable: boolean;
    };

/** The provider's page as a link a mail client can open (the sandbox's is on our own site). */
const absolute = (url: string, brand: MailBrand): string =>
  url.startsWith('/') ? `${brand.publicUrl}${url}` : url;

/**
 * Staff place an order for a customer (docs/product.md 'Back office'): priced and written by
 * the checkout's own path, billed to the customer's profile, in the customer's language, its
 * history and the audit trail naming the staff member (the entry written in the order's own
 * transaction). Its payment opens as at checkout: a bank transfer mails its details (the
 * opening's own job); a card or PayPal order mails the provider's payment link to the
 * account's address. The same Idempotency-Key and body answer the same order, sending nothing
 * again.
 */
export async function placeManualOrder(
  deps: ManualOrderDeps,
  body: ManualOrderCreate,
  actor: StaffActor,
  idempotencyKey: string | null,
): Promise<ManualOrderResult> {
  const found = await findManualOrderCustomer(deps.db, body.customer);
  if (found.kind === 'unknown') return { kind: 'customer_unknown' };
  if (found.kind === 'incomplete_profile') return { kind: 'incomplete_profile' };
  const { account, billing } = found;
  if (account.lockedAt !== null) return { kind: 'customer_locked' };
  if (!deps.payments.isAvailable(body.payment_method)) return { kind: 'method_unavailable' };

  const placed = await deps.orders.place({
    userId: account.id,
    body: {
      items: body.items,
      billing_address: billing,
      payment_method: body.payment_method,
      notes: body.notes,
      promo_code: body.promo_code,
    },
    idempotencyKey,
    language: account.locale,
    placedByStaff: {
      email: actor.email,
      record: (executor, stored) =>
        recordStaffAction(executor, actor, {
          action: 'order.create_manual',
          target: { type: 'order', id: stored.order.id },
          after: {
            order_number: stored.order.orderNumber,
            customer: account.email,
            total: stored.order.totalCents,
            payment_method: stored.order.paymentMethod,
            promo_code: stored.order.promoCode,
          },
        }),
    },
  });
  if (placed.kind === 'rejected' || placed.kind === 'key_reused') return placed;

  // As at checkout: a provider that cannot be reached leaves the order waiting for its payment.
  let paymentUrl: string | null = null;
  let providerUnavailable = false;
  try {
    paymentUrl = await deps.payments.start(placed.order, {
      justCreated: placed.kind === 'created',
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    providerUnavailable = true;
  }
  if (placed.kind === 'created' && paymentUrl !== null && body.payment_method !== 'bank_transfer') {
    const mail = await paymentLinkMail(
      {
        ...placed.order,
        recipient: { email: account.email, firstName: account.firstName },
        brand: mailBrand(deps.brand),
      },
      absolute(paymentUrl, deps.brand),
    );
    await queueMail(deps.db, mail);
  }
  return {
    kind: 'placed',
    replayed: placed.kind === 'replayed',
    order: placed.order,
    paymentUrl,
    to: account.email,
    providerUnavailable,
  };
}
