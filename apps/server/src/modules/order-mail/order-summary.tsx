import { cycleLabelKey, isBillingCycle } from '@cadran/domain/billing-cycles';
import type { Language } from '@cadran/domain/constants';
import { isMessageKey, translateMessage } from '@cadran/domain/messages';
import { formatMoney } from '@cadran/domain/money';
import { OrderItemCustomizationsSchema, lineDomains } from '@cadran/domain/orders';
import { Rows, Title, fill } from '../../mail/templates';
import type { OrderItemRow, OrderRow } from '../orders/repository';
import { itemDisplayName, itemPlanName, readSnapshot } from '../orders/template-snapshot';
import { countOf, type EmailCopy } from './email-copy';

/** How a mail names a line: as the order does, or by its plan alone (the key said elsewhere). */
export type LineNaming = 'line' | 'plan';

/** A line's template name and billing cycle, as the order's language says them. */
export function itemName(
  item: OrderItemRow,
  lang: Language,
  naming: LineNaming = 'line',
): { name: string; cycle: string } {
  const cycle = readSnapshot(item.templateSnapshot)?.billing_cycle ?? '';
  return {
    name: naming === 'plan' ? itemPlanName(item, lang) : itemDisplayName(item, lang),
    cycle: isBillingCycle(cycle) ? translateMessage(cycleLabelKey(cycle), lang) : cycle,
  };
}

/** A line of the order: name, cycle, quantity and total, then its domains and extras. */
function lineText(item: OrderItemRow, c: EmailCopy, lang: Language, naming: LineNaming): string[] {
  const { name, cycle } = itemName(item, lang, naming);
  const parts = [
    fill(c.line, {
      name,
      cycle,
      quantity: item.quantity,
      total: formatMoney(item.totalPriceCents, lang),
    }),
  ];
  const custom = OrderItemCustomizationsSchema.safeParse(item.customizations);
  if (custom.success) {
    parts.push(fill(c.domains, { domains: lineDomains(custom.data).join(', ') }));
    if (custom.data.extra_domains > 0 || custom.data.extra_installations > 0) {
      parts.push(
        fill(c.extras, {
          domains: countOf(c.counts.domain, custom.data.extra_domains, lang),
          installations: countOf(c.counts.installation, custom.data.extra_installations, lang),
        }),
      );
    }
  }
  return parts;
}

export interface OrderSummaryProps {
  order: OrderRow;
  items: readonly OrderItemRow[];
  c: EmailCopy;
  lang: Language;
  /** 'plan' where the mail shows the licence key already (a renewal's confirmation). */
  naming?: LineNaming;
}

/**
 * The order as it was priced: its lines, the subtotal, the promo's discount and the legal
 * mention (docs/decisions/014-vies-and-promo-redemptions.md), the VAT with its rate, the
 * total and the payment method.
 */
export function OrderSummary({ order, items, c, lang, naming = 'line' }: OrderSummaryProps) {
  const rate = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(order.taxRateBasisPoints / 10_000);
  const figures = [
    fill(c.subtotal, { amount: formatMoney(order.subtotalCents, lang) }),
    ...(order.discountCents > 0
      ? [
          fill(c.discount, {
            code: order.promoCode ?? '',
            amount: formatMoney(order.discountCents, lang),
          }),
        ]
      : []),
    fill(c.tax, { rate, amount: formatMoney(order.taxCents, lang) }),
    ...(order.taxMentionKey && isMessageKey(order.taxMentionKey)
      ? [translateMessage(order.taxMentionKey, lang)]
      : []),
    fill(c.paidWith, {
      method: translateMessage(`payment.${order.paymentMethod}.name`, lang),
    }),
    fill(c.total, { amount: formatMoney(order.totalCents, lang) }),
  ];
  return (
    <>
      <Title>{c.summaryTitle}</Title>
      <Rows rows={[...items.map((item) => lineText(item, c, lang, naming)), ...figures]} total />
    </>
  );
}
