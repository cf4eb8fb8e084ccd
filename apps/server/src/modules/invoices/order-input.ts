import { isBillingCycle } from '@cadran/domain/billing-cycles';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import { invoiceDeliveryOf, StoredDeliveryAddressSchema } from '@cadran/domain/delivery-address';
import type { InvoiceInput, InvoiceTaxInput } from '@cadran/domain/invoice';
import { isMessageKey, type MessageKey } from '@cadran/domain/messages';
import { OrderItemCustomizationsSchema, lineDomains } from '@cadran/domain/orders';
import { EXPORT_MENTION, SELLER_COUNTRY } from '@cadran/domain/tax-treatment';
import { itemDisplayName, TemplateSnapshotSchema } from '../orders/template-snapshot';
import type { StoredOrder } from '../orders/repository';

/**
 * The one adapter from an order row to the invoice input (docs/product.md 'Invoices'): the
 * invoice states what the order was priced with (its discount and promo code, its tax
 * treatment and legal mention, the VAT number checked at the sale). Orders placed before tax
 * treatments were recorded have only the rate they were charged: theirs is read from it.
 */
export function invoiceInputFromOrder(
  { order, items }: StoredOrder,
  paidAt: Date,
  /** Where the billed period starts when not at the payment: a renewal's old expiry. */
  periodStart?: Date,
): InvoiceInput {
  const address = StoredBillingAddressSchema.parse(order.billingAddress);
  return {
    orderNumber: order.orderNumber,
    language: order.locale,
    currency: order.currency,
    lines: items.map((item) => {
      // Snapshots are ours and validated when written: a broken one must stop the issue.
      const snapshot = TemplateSnapshotSchema.parse(item.templateSnapshot);
      const custom = OrderItemCustomizationsSchema.parse(item.customizations);
      if (!isBillingCycle(snapshot.billing_cycle)) {
        throw new Error(`order line ${item.id} has no known billing cycle`);
      }
      return {
        name: itemDisplayName(item, order.locale),
        billingCycle: snapshot.billing_cycle,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        extraDomains: custom.extra_domains,
        extraInstallations: custom.extra_installations,
        domains: lineDomains(custom),
        periodStart,
      };
    }),
    discountCents: order.discountCents,
    discountLabel: order.promoCode ?? undefined,
    tax: order.taxKind
      ? {
          kind: order.taxKind,
          rateBasisPoints: order.taxRateBasisPoints,
          reverseCharge: order.reverseCharge,
          mention: mentionOf(order.taxMentionKey),
        }
      : legacyTaxOf(order.taxRateBasisPoints, address.country),
    buyer: {
      name: `${address.first_name} ${address.last_name}`.trim(),
      company: address.company,
      addressLines: [address.address_line_1, address.address_line_2].filter((line) => line !== ''),
      postalCode: address.postal_code,
      city: address.city,
      country: address.country,
      // The number as checked at the sale (normalised), else as typed.
      vatNumber: order.vatNumber ?? address.vat_number,
      email: address.email,
      siren: address.siren,
    },
    delivery: invoiceDeliveryOf(
      address,
      order.deliveryAddress === null
        ? null
        : StoredDeliveryAddressSchema.parse(order.deliveryAddress),
    ),
    paidAt,
    paymentMethod: order.paymentMethod,
  };
}

/** The stored mention key, if it still names a message (a key is never renamed lightly). */
const mentionOf = (key: string | null): MessageKey | undefined =>
  key !== null && isMessageKey(key) ? key : undefined;

/** The treatment an older order's charged rate implies: no VAT charged was an export then. */
function legacyTaxOf(rateBasisPoints: number, country: string): InvoiceTaxInput {
  if (rateBasisPoints === 0) {
    return { kind: 'export', rateBasisPoints: 0, reverseCharge: false, mention: EXPORT_MENTION };
  }
  const domestic = country === SELLER_COUNTRY || country === 'MC';
  return { kind: domestic ? 'domestic' : 'eu_consumer', rateBasisPoints, reverseCharge: false };
}
