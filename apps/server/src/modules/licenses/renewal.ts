import { orderEventReason } from '@cadran/domain/order-events';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import type { Language } from '@cadran/domain/constants';
import { isCountryCode } from '@cadran/domain/countries';
import type { PaymentMethod } from '@cadran/domain/order-status';
import { isUuid } from '@cadran/domain/uuid';
import type { Database } from '../../db/client';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orders } from '../../db/schema/orders';
import { quotedColumns, withFreshOrderNumber } from '../orders/insert-order';
import type { StoredOrder } from '../orders/repository';
import type { OrdersService } from '../orders/service';
import { loadRenewalBasis, priceRenewal, type RenewalBasis } from './renewal-price';

/**
 * Renewal (docs/product.md 'Licences' ('Renewal')): an order for an existing licence at its
 * template's renewal price, paid and fulfilled like any order, with its invoice. The key stays;
 * the fulfilment moves the expiry by one cycle from the old expiry, or from the payment once
 * the licence has expired. An automatic renewal is the same order, placed by the renewal run
 * for one term of the licence.
 */

export type PlaceRenewalResult =
  | { kind: 'created' | 'replayed'; order: StoredOrder }
  | { kind: 'not_found' }
  | { kind: 'not_renewable' };

export interface PlaceRenewalInput {
  licenseId: string;
  userId: string;
  paymentMethod: PaymentMethod;
  language: Language;
}

export interface RenewalDeps {
  db: Database;
  orders: Pick<OrdersService, 'taxTreatment' | 'repository' | 'findById'>;
}

/** An unpaid renewal of this licence with this method, still payable: answered again. */
async function openRenewal(
  db: Database,
  licenseId: string,
  paymentMethod: PaymentMethod,
): Promise<string | undefined> {
  const [open] = await db
    .select({ orderId: licenseRenewals.orderId })
    .from(licenseRenewals)
    .innerJoin(orders, eq(orders.id, licenseRenewals.orderId))
    .where(
      and(
        eq(licenseRenewals.licenseId, licenseId),
        isNull(licenseRenewals.appliedAt),
        eq(orders.status, 'pending'),
        inArray(orders.paymentStatus, ['unpaid', 'pending']),
        eq(orders.paymentMethod, paymentMethod),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return open?.orderId;
}

export interface RenewalOrderInput {
  paymentMethod: PaymentMethod;
  language: Language;
  /** What the order's first event says: a renewal asked for, or an automatic one. */
  reason: string;
  /** An automatic renewal: the term it renews, and its charge's first state. */
  term?: { expiresAt: Date };
}

/**
 * Writes the renewal order of a licence and its renewal record in one transaction, priced
 * today with the tax treatment of the licence's billing address. Undefined when the address
 * no longer names a country we sell to. A term already renewed is the caller's to catch
 * (license_renewals_one_charge_per_term).
 */
export async function insertRenewalOrder(
  deps: RenewalDeps,
  basis: RenewalBasis,
  input: RenewalOrderInput,
): Promise<StoredOrder | undefined> {
  const { firstOrder, licence } = basis;
  const address = StoredBillingAddressSchema.parse(firstOrder.billingAddress);
  if (!isCountryCode(address.country)) return undefined;
  const { tax, vatNumber } = await deps.orders.taxTreatment(
    address.country,
    firstOrder.vatNumber ?? address.vat_number,
  );
  const { quote, snapshot, customizations } = priceRenewal(basis, tax);
  const line = quote.lines[0];
  if (!line) throw new Error('a renewal quote has one line');
  return withFreshOrderNumber((orderNumber) =>
    deps.db.transaction(async (tx) => {
      const stored = await deps.orders.repository.insert(
        {
          orderNumber,
          userId: licence.userId,
          status: 'pending',
          paymentStatus: 'unpaid',
          paymentMethod: input.paymentMethod,
          ...quotedColumns(quote, vatNumber),
          billingAddress: { ...address },
          notes: null,
          locale: input.language,
          autoRenew: input.term !== undefined,
        },
        [
          {
            templateId: basis.template.id,
            templateSnapshot: { ...snapshot },
            position: 0,
            quantity: 1,
            unitPriceCents: line.unitPriceCents,
            totalPriceCents: line.subtotalCents,
            discountCents: 0,
            customizations: { ...customizations },
          },
        ],
        { fromStatus: null, toStatus: 'pending', paymentStatus: 'unpaid', reason: input.reason },
        tx,
      );
      await tx.insert(licenseRenewals).values({
        licenseId: licence.id,
        orderId: stored.order.id,
        ...(input.term
          ? { termExpiresAt: input.term.expiresAt, chargeStatus: 'open' as const }
          : {}),
      });
      return stored;
    }),
  );
}

/**
 * Places the renewal order of one of the account's licences. A licence that never expires or
 * was revoked does not renew. An unpaid renewal already open for it with the same method is
 * answered again rather than doubled (a second click, a second tab). The order takes the
 * billing address and language of the licence's first order and today's tax treatment.
 */
export async function placeRenewal(
  deps: RenewalDeps,
  input: PlaceRenewalInput,
): Promise<PlaceRenewalResult> {
  const { db } = deps;
  if (!isUuid(input.licenseId)) return { kind: 'not_found' };
  const [licence] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, input.licenseId), eq(licenses.userId, input.userId)))
    .limit(1);
  if (!licence) return { kind: 'not_found' };
  const basis = await loadRenewalBasis(db, licence);
  if (!basis) return { kind: 'not_renewable' };

  const openOrderId = await openRenewal(db, licence.id, input.paymentMethod);
  if (openOrderId) {
    const open = await deps.orders.findById(openOrderId, input.userId);
    if (open) return { kind: 'replayed', order: open };
  }
  const order = await insertRenewalOrder(deps, basis, {
    paymentMethod: input.paymentMethod,
    language: input.language,
    reason: orderEventReason('renewal'),
  });
  return order ? { kind: 'created', order } : { kind: 'not_renewable' };
}
