import { cartTotals, lineUnitCents } from '@cadran/domain/cart';
import type { MessageKey } from '@cadran/domain/messages';
import {
  additionalDomains,
  maxAdditionalDomains,
  type OrderItemCustomizations,
  type OrderItemInput,
} from '@cadran/domain/orders';
import type { TemplateRow } from '../catalog/repository';
import { snapshotOf, type TemplateSnapshot } from './template-snapshot';

/**
 * Server-side pricing (docs/product.md 'Prices and VAT'): every amount comes from the database
 * row of the template and the VAT table, with the shared integer-cent rules of the domain
 * package. Nothing the client sent about money is read: the order schema does not even carry it.
 */

export interface PricedItem {
  templateId: number;
  snapshot: TemplateSnapshot;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
  customizations: OrderItemCustomizations;
}

export interface PricedOrder {
  items: PricedItem[];
  subtotalCents: number;
  taxRateBasisPoints: number;
  taxCents: number;
  totalCents: number;
}

export type PricingResult =
  { ok: true; order: PricedOrder } | { ok: false; errors: Record<string, MessageKey[]> };

/** Amounts are stored in PostgreSQL `integer` columns: an order must fit in one. */
export const MAX_ORDER_CENTS = 2_147_483_647;

/**
 * Prices validated items against their templates. Refuses (as field errors on the item) a
 * template that does not exist or is no longer sold, and more additional domains than the
 * licence covers (up to domain_limit - 1 besides the primary domain).
 */
export function priceOrder(
  items: readonly OrderItemInput[],
  templates: ReadonlyMap<number, TemplateRow>,
  taxRateBasisPoints: number,
): PricingResult {
  const errors: Record<string, MessageKey[]> = {};
  const priced: PricedItem[] = [];

  items.forEach((item, index) => {
    const row = templates.get(item.template_id);
    if (!row || !row.isActive) {
      errors[`items.${index}.template_id`] = ['checkout.template_invalid'];
      return;
    }
    const { customizations } = item;
    // The primary domain is already covered: listing it again as an extra one adds nothing.
    const additional = additionalDomains(customizations);
    if (additional.length > maxAdditionalDomains(row.domainLimit)) {
      errors[`items.${index}.customizations.additional_domains_list`] = [
        'checkout.too_many_additional_domains',
      ];
      return;
    }
    const stored: OrderItemCustomizations = {
      primary_domain: customizations.primary_domain,
      additional_domains_list: additional,
      extra_domains: customizations.extra_domains,
      extra_installations: customizations.extra_installations,
    };
    const unitPriceCents = lineUnitCents(
      { priceCents: row.priceCents, setupFeeCents: row.setupFeeCents },
      stored,
    );
    priced.push({
      templateId: row.id,
      snapshot: snapshotOf(row),
      quantity: item.quantity,
      unitPriceCents,
      totalPriceCents: unitPriceCents * item.quantity,
      customizations: stored,
    });
  });

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  // One tax on the subtotal (docs/product.md 'Prices and VAT'), rounded once, half-up.
  const totals = cartTotals(
    priced.map((item) => ({
      template: {
        priceCents: item.snapshot.price_cents,
        setupFeeCents: item.snapshot.setup_fee_cents,
      },
      customizations: item.customizations,
      quantity: item.quantity,
    })),
    taxRateBasisPoints / 100,
  );
  if (totals.totalCents > MAX_ORDER_CENTS) {
    return { ok: false, errors: { items: ['orders.amount_too_large'] } };
  }
  return {
    ok: true,
    order: {
      items: priced,
      subtotalCents: totals.subtotalCents,
      taxRateBasisPoints,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    },
  };
}
