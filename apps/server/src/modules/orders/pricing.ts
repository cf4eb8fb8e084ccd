import type { MessageKey } from '@cadran/domain/messages';
import {
  additionalDomains,
  maxAdditionalDomains,
  type OrderItemCustomizations,
  type OrderItemInput,
} from '@cadran/domain/orders';
import { quoteLineFrom, type QuoteLineInput } from '@cadran/domain/quote';
import type { TemplateRow } from '../catalog/repository';
import { snapshotOf, type TemplateSnapshot } from './template-snapshot';

/**
 * Server-side pricing (docs/product.md 'Prices and VAT'): every amount comes from the database
 * row of the template, with the shared integer-cent rules of the domain package. Nothing the client sent about money is read: the order schema does not even carry it.
 */

export interface PricedItem {
  /** The line as the quote prices it (unit price with setup fee and extras). */
  line: QuoteLineInput;
  snapshot: TemplateSnapshot;
  customizations: OrderItemCustomizations;
}

export type PricedItemsResult =
  { ok: true; items: PricedItem[] } | { ok: false; errors: Record<string, MessageKey[]> };

/** Amounts are stored in PostgreSQL `integer` columns: an order must fit in one. */
export const MAX_ORDER_CENTS = 2_147_483_647;

/**
 * Prices validated items against their templates: each line's unit price, setup fee and extras
 * included. Refuses (as field errors on the item) a template that does not exist or is no longer
 * sold, and more additional domains than the licence covers (up to domain_limit - 1 besides the
 * primary domain). Discount and VAT come after, from computeQuote (price-request.ts).
 */
export function priceItems(
  items: readonly OrderItemInput[],
  templates: ReadonlyMap<number, TemplateRow>,
): PricedItemsResult {
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
    const line = quoteLineFrom({
      templateId: row.id,
      billingCycle: row.billingCycle,
      template: {
        priceCents: row.priceCents,
        setupFeeCents: row.setupFeeCents,
        renewalPriceCents: row.renewalPriceCents,
      },
      customizations: stored,
      quantity: item.quantity,
    });
    priced.push({ line, snapshot: snapshotOf(row), customizations: stored });
  });

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, items: priced };
}
