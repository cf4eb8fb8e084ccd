import { StoredDeliveryAddressSchema } from '@cadran/domain/delivery-address';
import { CURRENCY, type Language } from '@cadran/domain/constants';
import { centsToDecimalString } from '@cadran/domain/money';
import {
  OrderItemCustomizationsSchema,
  type InvoiceRef,
  type Order,
  type OrderItem,
  type OrderItemCustomizations,
} from '@cadran/domain/orders';
import {
  StoredBillingAddressSchema,
  type StoredBillingAddress,
} from '@cadran/domain/billing-address';
import type { BankTransferDetails } from '@cadran/domain/payments';
import type { QuoteLineResponse } from '@cadran/domain/quote';
import { BillingCycleSchema } from '@cadran/domain/wire-schemas';
import { translateMessage, isMessageKey } from '@cadran/domain/messages';
import { itemDisplayDescription, itemDisplayName, readSnapshot } from './template-snapshot';
import type { OrderItemRow, StoredOrder } from './repository';

/**
 * An order as the API answers it (OrderSchema of the domain): amounts as
 * decimal strings, the rate as "20.00", texts of the template as sold, in the reader's language.
 */

const EMPTY_CUSTOMIZATIONS: OrderItemCustomizations = {
  primary_domain: '',
  additional_domains_list: [],
  extra_domains: 0,
  extra_installations: 0,
};

function toApiItem(row: OrderItemRow, lang: Language): OrderItem {
  // Stored JSON is ours, but it outlives code versions: read it defensively.
  const snapshot = readSnapshot(row.templateSnapshot);
  const customizations = OrderItemCustomizationsSchema.safeParse(row.customizations);
  const template = snapshot
    ? {
        id: snapshot.id,
        name: itemDisplayName(row, lang),
        description: itemDisplayDescription(row.templateSnapshot, lang),
        domain_limit: snapshot.domain_limit,
        installation_limit: snapshot.installation_limit,
        update_permissions: snapshot.update_permissions ? (1 as const) : (0 as const),
      }
    : {
        id: row.templateId,
        name: itemDisplayName(row, lang),
        description: '',
        domain_limit: 1,
        installation_limit: 1,
        update_permissions: 0 as const,
      };
  return {
    id: row.id,
    template,
    quantity: row.quantity,
    unit_price: centsToDecimalString(row.unitPriceCents),
    total_price: centsToDecimalString(row.totalPriceCents),
    customizations: customizations.success ? customizations.data : EMPTY_CUSTOMIZATIONS,
  };
}

/** A line as the quote answers it: what the line was priced with, its discount included. */
function toQuoteLine(row: OrderItemRow): QuoteLineResponse {
  const cycle = BillingCycleSchema.safeParse(readSnapshot(row.templateSnapshot)?.billing_cycle);
  const line: QuoteLineResponse = {
    template_id: row.templateId,
    quantity: row.quantity,
    unit_price: centsToDecimalString(row.unitPriceCents),
    subtotal: centsToDecimalString(row.totalPriceCents),
    discount: centsToDecimalString(row.discountCents),
    total: centsToDecimalString(row.totalPriceCents - row.discountCents),
  };
  if (cycle.success) line.billing_cycle = cycle.data;
  return line;
}

function billingAddressOf(raw: unknown): StoredBillingAddress {
  return StoredBillingAddressSchema.parse(raw);
}

/**
 * `bankTransfer`: the account and reference a transfer order shows, given by the
 * payments module, which knows the configured account; `invoice`: the issued invoice, given by
 * the invoices module.
 */
export function toApiOrder(
  { order, items }: StoredOrder,
  lang: Language,
  extras: { bankTransfer?: BankTransferDetails | undefined; invoice?: InvoiceRef | null } = {},
): Order {
  const answer: Order = {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    created_at: order.createdAt.toISOString(),
    currency: CURRENCY,
    subtotal: centsToDecimalString(order.subtotalCents),
    // Basis points read as a percentage with two decimals: 810 -> "8.10".
    tax_rate: centsToDecimalString(order.taxRateBasisPoints),
    tax_amount: centsToDecimalString(order.taxCents),
    total: centsToDecimalString(order.totalCents),
    items: items.map((item) => toApiItem(item, lang)),
    billing_address: billingAddressOf(order.billingAddress),
    delivery_address:
      order.deliveryAddress === null
        ? null
        : StoredDeliveryAddressSchema.parse(order.deliveryAddress),
    auto_renew: order.autoRenew,
    // The quote's fields, as the quote answers them (docs/decisions/014-vies-and-promo-redemptions.md).
    lines: items.map(toQuoteLine),
    discount: centsToDecimalString(order.discountCents),
    taxable: centsToDecimalString(order.taxableCents),
    tax: centsToDecimalString(order.taxCents),
    reverse_charge: order.reverseCharge,
    vat_number_status: order.vatNumberStatus,
    invoice: extras.invoice ?? null,
  };
  if (order.notes) answer.notes = order.notes;
  if (order.taxKind) answer.tax_kind = order.taxKind;
  if (order.taxMentionKey && isMessageKey(order.taxMentionKey)) {
    answer.mention = translateMessage(order.taxMentionKey, lang);
  }
  if (order.promoCode) answer.promo_code = order.promoCode;
  if (extras.bankTransfer) answer.bank_transfer = extras.bankTransfer;
  return answer;
}
