import { orderEventReason } from '@cadran/domain/order-events';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { isBillingCycle } from '@cadran/domain/billing-cycles';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import { lineUnitCents, type CartCustomizations } from '@cadran/domain/cart';

import { CURRENCY, type Language } from '@cadran/domain/constants';
import { isCountryCode } from '@cadran/domain/countries';
import { translateMessage } from '@cadran/domain/messages';
import type { PaymentMethod } from '@cadran/domain/order-status';
import {
  ORDER_NUMBER_RANDOM_BYTES,
  OrderItemCustomizationsSchema,
  generateOrderNumber,
  type OrderItemCustomizations,
} from '@cadran/domain/orders';
import { computeQuote } from '@cadran/domain/quote';
import { isUuid } from '@cadran/domain/uuid';
import type { Database } from '../../db/client';
import { licenseTemplates } from '../../db/schema/catalog';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import { orderItems, orders } from '../../db/schema/orders';
import { isUniqueViolation } from '../../db/unique-violation';
import type { StoredOrder } from '../orders/repository';
import type { OrdersService } from '../orders/service';
import type { TemplateSnapshot } from '../orders/template-snapshot';
import type { LicenseRow } from './license-records';

/**
 * Renewal (docs/product.md 'Licences' ('Renewal')): an order for an existing licence at its
 * template's renewal price, paid and fulfilled like any order, with its invoice. The key stays;
 * the fulfilment moves the expiry by one cycle from the old expiry, or from the payment once
 * the licence has expired.
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

const ORDER_NUMBER_ATTEMPTS = 5;

/** The renewal line's name, in French and English: the template as sold and the key. */
const lineName = (name: string, key: string, lang: Language) =>
  translateMessage('license.renewal_line', lang).replace('{name}', name).replace('{key}', key);

/** The template as sold to this licence and the extras bought with it, read from its order line. */
async function soldLine(
  db: Database,
  licence: LicenseRow,
): Promise<{ snapshot: TemplateSnapshot; extras: CartCustomizations } | undefined> {
  const [line] = await db
    .select({ snapshot: orderItems.templateSnapshot, customizations: orderItems.customizations })
    .from(orderItems)
    .where(eq(orderItems.id, licence.orderItemId))
    .limit(1);
  if (!line) return undefined;
  const bought = OrderItemCustomizationsSchema.safeParse(line.customizations);
  return {
    snapshot: line.snapshot as TemplateSnapshot,
    extras: {
      extra_domains: bought.success ? bought.data.extra_domains : 0,
      extra_installations: bought.success ? bought.data.extra_installations : 0,
    },
  };
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

/**
 * Places the renewal order of one of the account's licences. A licence that never expires or
 * was revoked does not renew. An unpaid renewal already open for it with the same method is
 * answered again rather than doubled (a second click, a second tab). The order takes the
 * billing address and language of the licence's first order and today's tax treatment.
 */
export async function placeRenewal(
  deps: { db: Database; orders: OrdersService },
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
  const soldAs = await soldLine(db, licence);
  const sold = soldAs?.snapshot;
  const cycle = sold?.billing_cycle;
  if (licence.expiresAt === null || licence.state === 'revoked' || !isBillingCycle(cycle)) {
    return { kind: 'not_renewable' };
  }
  if (cycle === 'one_time' || !sold || !soldAs) return { kind: 'not_renewable' };

  const openOrderId = await openRenewal(db, licence.id, input.paymentMethod);
  if (openOrderId) {
    const open = await deps.orders.findById(openOrderId, input.userId);
    if (open) return { kind: 'replayed', order: open };
  }

  const [first] = await db.select().from(orders).where(eq(orders.id, licence.orderId)).limit(1);
  const [template] = await db
    .select()
    .from(licenseTemplates)
    .where(eq(licenseTemplates.id, licence.templateId))
    .limit(1);
  if (!first || !template) return { kind: 'not_renewable' };
  const address = StoredBillingAddressSchema.parse(first.billingAddress);
  if (!isCountryCode(address.country)) return { kind: 'not_renewable' };
  const { tax, vatNumber } = await deps.orders.taxTreatment(
    address.country,
    first.vatNumber ?? address.vat_number,
  );
  const priced = computeQuote({
    lines: [
      {
        templateId: template.id,
        billingCycle: cycle,
        // The extras bought with the licence are part of what renews; the setup fee is not
        // (docs/decisions/021-the-screens-show-the-server-quote.md): the price the checkout showed.
        unitPriceCents: lineUnitCents(
          { priceCents: template.renewalPriceCents, setupFeeCents: 0 },
          soldAs.extras,
        ),
        quantity: 1,
      },
    ],
    tax,
  });
  if (!priced.ok) throw new Error('a renewal without promo code cannot be refused');
  const { quote } = priced;
  const line = quote.lines[0];
  if (!line) throw new Error('a renewal quote has one line');

  const snapshot: TemplateSnapshot = {
    ...sold,
    name: lineName(sold.name, licence.licenseKey, 'fr'),
    name_en: lineName(sold.name_en.trim() || sold.name, licence.licenseKey, 'en'),
    billing_cycle: cycle,
    // The limits as sold; the extras are in the line's customisations, as on the first order.
    domain_limit: sold.domain_limit,
    installation_limit: sold.installation_limit,
    update_permissions: licence.updatePermissions,
    price_cents: template.renewalPriceCents,
    setup_fee_cents: 0,
  };
  const [primary = '', ...additional] = licence.domains;
  const customizations: OrderItemCustomizations = {
    primary_domain: primary,
    additional_domains_list: additional,
    ...soldAs.extras,
  };

  for (let attempt = 1; ; attempt += 1) {
    const orderNumber = generateOrderNumber(randomBytes(ORDER_NUMBER_RANDOM_BYTES));
    try {
      const order = await db.transaction(async (tx) => {
        const stored = await deps.orders.repository.insert(
          {
            orderNumber,
            userId: input.userId,
            status: 'pending',
            paymentStatus: 'unpaid',
            paymentMethod: input.paymentMethod,
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
            vatNumber: vatNumber?.vatNumber ?? null,
            vatNumberStatus: vatNumber
              ? vatNumber.status === 'verified'
                ? 'verified'
                : 'format_checked'
              : 'none',
            vatConsultationNumber: vatNumber?.consultationNumber ?? null,
            vatCheckedAt: vatNumber?.checkedAt ?? null,
            billingAddress: { ...address },
            notes: null,
            locale: input.language,
          },
          [
            {
              templateId: template.id,
              templateSnapshot: { ...snapshot },
              position: 0,
              quantity: 1,
              unitPriceCents: line.unitPriceCents,
              totalPriceCents: line.subtotalCents,
              discountCents: 0,
              customizations: { ...customizations },
            },
          ],
          {
            fromStatus: null,
            toStatus: 'pending',
            paymentStatus: 'unpaid',
            reason: orderEventReason('renewal'),
          },
          tx,
        );
        await tx
          .insert(licenseRenewals)
          .values({ licenseId: licence.id, orderId: stored.order.id });
        return stored;
      });
      return { kind: 'created', order };
    } catch (error) {
      if (isUniqueViolation(error, 'orders_order_number_unique') && attempt < ORDER_NUMBER_ATTEMPTS)
        continue;
      throw error;
    }
  }
}
