import { and, eq } from 'drizzle-orm';
import { isBillingCycle, type BillingCycle } from '@cadran/domain/billing-cycles';
import { lineUnitCents, type CartCustomizations } from '@cadran/domain/cart';
import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { OrderItemCustomizationsSchema, type OrderItemCustomizations } from '@cadran/domain/orders';
import { computeQuote, type Quote } from '@cadran/domain/quote';
import type { TaxTreatment } from '@cadran/domain/tax-treatment';
import type { Executor } from '../../db/transaction';
import { licenseTemplates } from '../../db/schema/catalog';
import { orders, orderItems } from '../../db/schema/orders';
import type { TemplateRow } from '../catalog/repository';
import type { OrderRow } from '../orders/repository';
import { snapshotOf, type TemplateSnapshot } from '../orders/template-snapshot';
import type { LicenseRow } from './license-records';

/**
 * What the next term of a licence is sold as (docs/product.md 'Licences' ('Renewal')): its
 * template's renewal price, or the one of the plan it moves to at this renewal (a downgrade
 * waiting), with the extras bought with it, priced by the same quote code as a checkout.
 */
export interface RenewalBasis {
  licence: LicenseRow;
  /** The template the next term is sold as, and its cycle. */
  template: TemplateRow;
  cycle: Exclude<BillingCycle, 'one_time'>;
  extras: CartCustomizations;
  /** The plan the licence has now, as sold (the line it was last sold with). */
  sold: TemplateSnapshot;
  /** The licence's first order: its billing address, VAT number and language. */
  firstOrder: OrderRow;
  /** The plan changes at this renewal (a downgrade waiting for it). */
  planChanges: boolean;
}

/** Why a licence has no next term: it never expires, was revoked, or its records are gone. */
export async function loadRenewalBasis(
  db: Executor,
  licence: LicenseRow,
): Promise<RenewalBasis | undefined> {
  if (licence.expiresAt === null || licence.state === 'revoked') return undefined;
  const [line] = await db
    .select({ snapshot: orderItems.templateSnapshot, customizations: orderItems.customizations })
    .from(orderItems)
    .where(eq(orderItems.id, licence.orderItemId))
    .limit(1);
  const sold = line?.snapshot as TemplateSnapshot | undefined;
  const planChanges = licence.pendingTemplateId !== null && licence.pendingBillingCycle !== null;
  const cycle = planChanges ? licence.pendingBillingCycle : sold?.billing_cycle;
  if (!line || !sold || !isBillingCycle(cycle) || cycle === 'one_time') return undefined;
  const templateId = planChanges
    ? (licence.pendingTemplateId ?? licence.templateId)
    : licence.templateId;
  const [template] = await db
    .select()
    .from(licenseTemplates)
    .where(eq(licenseTemplates.id, templateId))
    .limit(1);
  const [firstOrder] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, licence.orderId)))
    .limit(1);
  if (!template || !firstOrder) return undefined;
  const bought = OrderItemCustomizationsSchema.safeParse(line.customizations);
  return {
    licence,
    template,
    cycle,
    sold,
    firstOrder,
    planChanges,
    extras: {
      extra_domains: bought.success ? bought.data.extra_domains : 0,
      extra_installations: bought.success ? bought.data.extra_installations : 0,
    },
  };
}

/** The tax treatment an order was priced with: an estimate of the next charge's VAT. */
export const storedTax = (order: OrderRow): TaxTreatment => ({
  rateBasisPoints: order.taxRateBasisPoints,
  reverseCharge: order.reverseCharge,
  kind: order.taxKind ?? 'domestic',
  ...(order.taxMentionKey ? { mention: order.taxMentionKey as TaxTreatment['mention'] } : {}),
});

/** The renewal line's name, in French and English: the template as sold and the key. */
const renewalLineName = (name: string, key: string, lang: Language) =>
  translateMessage('license.renewal_line', lang).replace('{name}', name).replace('{key}', key);

export interface PricedRenewal {
  quote: Quote;
  snapshot: TemplateSnapshot;
  customizations: OrderItemCustomizations;
}

/**
 * The next term priced under `tax`: one line, the renewal price with the extras and no setup
 * fee (docs/decisions/021-the-screens-show-the-server-quote.md), named after the licence.
 */
export function priceRenewal(basis: RenewalBasis, tax: TaxTreatment): PricedRenewal {
  const { licence, template, cycle, sold } = basis;
  const priced = computeQuote({
    lines: [
      {
        templateId: template.id,
        billingCycle: cycle,
        unitPriceCents: lineUnitCents(
          { priceCents: template.renewalPriceCents, setupFeeCents: 0 },
          basis.extras,
        ),
        quantity: 1,
      },
    ],
    tax,
  });
  if (!priced.ok) throw new Error('a renewal without promo code cannot be refused');
  const plan = basis.planChanges ? snapshotOf(template) : sold;
  const planName = plan.plan_name ?? plan.name;
  const planNameEn = plan.plan_name_en ?? (plan.name_en.trim() || plan.name);
  const snapshot: TemplateSnapshot = {
    ...plan,
    name: renewalLineName(planName, licence.licenseKey, 'fr'),
    name_en: renewalLineName(planNameEn, licence.licenseKey, 'en'),
    plan_name: planName,
    plan_name_en: planNameEn,
    billing_cycle: cycle,
    // A plan kept renews with the rights it was sold with; a new plan brings its own.
    update_permissions: basis.planChanges ? template.updatePermissions : licence.updatePermissions,
    price_cents: template.renewalPriceCents,
    setup_fee_cents: 0,
  };
  const [primary = '', ...additional] = licence.domains;
  return {
    quote: priced.quote,
    snapshot,
    customizations: {
      primary_domain: primary,
      additional_domains_list: additional,
      ...basis.extras,
    },
  };
}
