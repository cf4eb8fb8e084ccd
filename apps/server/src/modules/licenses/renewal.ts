import { orderEventReason } from '@cadran/domain/order-events';
import { and, eq, inArray } from 'drizzle-orm';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import type { Language } from '@cadran/domain/constants';
import { isCountryCode } from '@cadran/domain/countries';
import { OPEN_ORDER_STATUSES, type PaymentMethod } from '@cadran/domain/order-status';
import { isUuid } from '@cadran/domain/uuid';
import type { Database } from '../../db/client';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { ONE_OPEN_RENEWAL_PER_LICENSE, orders } from '../../db/schema/orders';
import { isUniqueViolation } from '../../db/unique-violation';
import { quotedColumns, withFreshOrderNumber } from '../orders/insert-order';
import type { OrderRow, StoredOrder } from '../orders/repository';
import type { Executor, Transaction } from '../../db/transaction';
import type { LicenseRow } from './license-records';
import type { OrdersService } from '../orders/service';
import {
  loadRenewalBasis,
  priceRenewal,
  type PricedRenewal,
  type RenewalBasis,
} from './renewal-price';

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
  | { kind: 'not_renewable' }
  /** Another renewal order of the licence is open and cannot be answered again (409). */
  | { kind: 'renewal_open' };

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

/** The licence's open renewal order, hand-opened or automatic: at most one (the index's rule). */
export async function openRenewalOrder(db: Executor, licenseId: string) {
  const [open] = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(and(eq(orders.renewsLicenseId, licenseId), inArray(orders.status, OPEN_ORDER_STATUSES)))
    .limit(1);
  return open;
}

/**
 * The open renewal of the licence, answered again when the owner asks the same again (a second
 * click, a second tab, a request racing another): unpaid and paid the same way. Any other open
 * renewal (another method, a payment failed, being fulfilled) is theirs to pay or cancel first.
 */
async function answerOpenRenewal(
  deps: RenewalDeps,
  input: PlaceRenewalInput,
): Promise<PlaceRenewalResult | undefined> {
  const open = await openRenewalOrder(deps.db, input.licenseId);
  if (!open) return undefined;
  const sameAgain =
    open.status === 'pending' &&
    (open.paymentStatus === 'unpaid' || open.paymentStatus === 'pending') &&
    open.paymentMethod === input.paymentMethod;
  const stored = sameAgain ? await deps.orders.findById(open.id, input.userId) : undefined;
  return stored ? { kind: 'replayed', order: stored } : { kind: 'renewal_open' };
}

export interface RenewalOrderInput {
  paymentMethod: PaymentMethod;
  language: Language;
  /** What the order's first event says: a renewal asked for, or an automatic one. */
  reason: string;
  /** An automatic renewal: the term it renews, and its charge's first state. */
  term?: { expiresAt: Date };
}

/** The billing address of a licence's first order and today's tax treatment of it. */
export async function licenceTax(deps: RenewalDeps, firstOrder: OrderRow) {
  const address = StoredBillingAddressSchema.parse(firstOrder.billingAddress);
  if (!isCountryCode(address.country)) return undefined;
  const { tax, vatNumber } = await deps.orders.taxTreatment(
    address.country,
    firstOrder.vatNumber ?? address.vat_number,
  );
  return { address, tax, vatNumber };
}

export type LicenceTax = NonNullable<Awaited<ReturnType<typeof licenceTax>>>;

/**
 * Writes an order of one line for an existing licence (a renewal, a plan change) through the
 * one order-insertion path, and in the same transaction what ties it to the licence (`link`).
 */
export function insertLicenceOrder(
  deps: RenewalDeps,
  licence: LicenseRow,
  taxed: LicenceTax,
  priced: PricedRenewal & { templateId: number },
  input: Omit<RenewalOrderInput, 'term'> & { autoRenew: boolean; renewsLicenseId?: string },
  link: (tx: Transaction, orderId: string) => Promise<unknown>,
): Promise<StoredOrder> {
  const { quote, snapshot, customizations } = priced;
  const line = quote.lines[0];
  if (!line) throw new Error('a licence order has one line');
  return withFreshOrderNumber((orderNumber) =>
    deps.db.transaction(async (tx) => {
      const stored = await deps.orders.repository.insert(
        {
          orderNumber,
          userId: licence.userId,
          status: 'pending',
          paymentStatus: 'unpaid',
          paymentMethod: input.paymentMethod,
          ...quotedColumns(quote, taxed.vatNumber),
          billingAddress: { ...taxed.address },
          notes: null,
          locale: input.language,
          autoRenew: input.autoRenew,
          renewsLicenseId: input.renewsLicenseId ?? null,
        },
        [
          {
            templateId: priced.templateId,
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
      await link(tx, stored.order.id);
      return stored;
    }),
  );
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
  const taxed = await licenceTax(deps, basis.firstOrder);
  if (!taxed) return undefined;
  const priced = priceRenewal(basis, taxed.tax);
  return insertLicenceOrder(
    deps,
    basis.licence,
    taxed,
    { ...priced, templateId: basis.template.id },
    { ...input, autoRenew: input.term !== undefined, renewsLicenseId: basis.licence.id },
    (tx, orderId) =>
      tx.insert(licenseRenewals).values({
        licenseId: basis.licence.id,
        orderId,
        ...(input.term
          ? { termExpiresAt: input.term.expiresAt, chargeStatus: 'open' as const }
          : {}),
      }),
  );
}

export type RenewalQuoteResult =
  { kind: 'quote'; priced: PricedRenewal } | { kind: 'not_found' } | { kind: 'not_renewable' };

/**
 * What renewing one of the account's licences by hand costs today, priced exactly as
 * `placeRenewal` will price its order (the same basis, billing address and tax treatment), so
 * the owner sees the amount with its VAT before paying. Another account's licence is unknown.
 */
export async function quoteRenewal(
  deps: RenewalDeps,
  input: Pick<PlaceRenewalInput, 'licenseId' | 'userId'>,
): Promise<RenewalQuoteResult> {
  if (!isUuid(input.licenseId)) return { kind: 'not_found' };
  const [licence] = await deps.db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, input.licenseId), eq(licenses.userId, input.userId)))
    .limit(1);
  if (!licence) return { kind: 'not_found' };
  const basis = await loadRenewalBasis(deps.db, licence);
  const taxed = basis && (await licenceTax(deps, basis.firstOrder));
  if (!basis || !taxed) return { kind: 'not_renewable' };
  return { kind: 'quote', priced: priceRenewal(basis, taxed.tax) };
}

/**
 * Places the renewal order of one of the account's licences. A licence that never expires or
 * was revoked does not renew. A licence has one open renewal order at most: one already open is
 * answered again, or refused (answerOpenRenewal), also when a simultaneous request wrote it
 * between the read and the insert (the database's unique index). The order takes the billing
 * address and language of the licence's first order and today's tax treatment.
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

  const open = await answerOpenRenewal(deps, input);
  if (open) return open;
  try {
    const order = await insertRenewalOrder(deps, basis, {
      paymentMethod: input.paymentMethod,
      language: input.language,
      reason: orderEventReason('renewal'),
    });
    return order ? { kind: 'created', order } : { kind: 'not_renewable' };
  } catch (error) {
    if (!isUniqueViolation(error, ONE_OPEN_RENEWAL_PER_LICENSE)) throw error;
    return (await answerOpenRenewal(deps, input)) ?? { kind: 'renewal_open' };
  }
}
