import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { planChangeKind, proratedUpgradeCents, upgradedTerm } from '@cadran/domain/auto-renewal';
import type { ChangePlanQuoteRequest } from '@cadran/domain/auto-renewal-api';
import { isBillingCycle, type BillingCycle } from '@cadran/domain/billing-cycles';
import { lineUnitCents } from '@cadran/domain/cart';
import type { Language } from '@cadran/domain/constants';
import { translateMessage, type MessageKey } from '@cadran/domain/messages';
import { computeQuote } from '@cadran/domain/quote';
import { isUuid } from '@cadran/domain/uuid';
import { licenseTemplates } from '../../db/schema/catalog';
import { licenseRenewals, licenses } from '../../db/schema/licenses';
import type { TemplateRow } from '../catalog/repository';
import type { LicenseRow } from '../licenses/license-records';
import { licenceTax, type LicenceTax, type RenewalDeps } from '../licenses/renewal';
import {
  loadRenewalBasis,
  priceRenewal,
  type PricedRenewal,
  type RenewalBasis,
} from '../licenses/renewal-price';
import { snapshotOf } from '../orders/template-snapshot';

/** Why a plan change is refused: the licence, the plan asked for, or the change itself. */
export type PlanChangeRefusal =
  { kind: 'not_found' } | { kind: 'refused'; status: 422; message: MessageKey; field?: string };

export interface PlanChangeOffer {
  kind: 'offer';
  effective: 'now' | 'next_renewal';
  licence: LicenseRow;
  target: TemplateRow & { billingCycle: Exclude<BillingCycle, 'one_time'> };
  taxed: LicenceTax;
  priced: PricedRenewal;
  /** The upgrade's new expiry (the same term, or a new one with another cycle). */
  expiresAt: Date;
}

const refused = (message: MessageKey, field?: string): PlanChangeRefusal => ({
  kind: 'refused',
  status: 422,
  message,
  ...(field ? { field } : {}),
});

/** The upgrade line's name: the new plan and the key it applies to. */
const upgradeLineName = (plan: string, key: string, lang: Language) =>
  translateMessage('plan_change.line', lang).replace('{name}', plan).replace('{key}', key);

/** Where the current term began: the period of its last renewal, else the licence's start. */
async function currentTermStart(deps: RenewalDeps, licence: LicenseRow): Promise<Date> {
  const [last] = await deps.db
    .select({ startsAt: licenseRenewals.periodStartsAt })
    .from(licenseRenewals)
    .where(
      and(eq(licenseRenewals.licenseId, licence.id), isNotNull(licenseRenewals.periodStartsAt)),
    )
    .orderBy(desc(licenseRenewals.periodEndsAt))
    .limit(1);
  return last?.startsAt ?? licence.startsAt;
}

/**
 * A plan change of one of the account's licences, priced (docs/product.md 'Licences' ('Plan
 * changes')): an upgrade takes effect now for the prorated difference of the remaining term
 * (the same quote code as a checkout prices it); a downgrade at the next renewal, at the new
 * plan's renewal price. The key stays; limits follow the new plan.
 */
export async function offerPlanChange(
  deps: RenewalDeps,
  userId: string,
  licenseId: string,
  request: ChangePlanQuoteRequest,
  now: Date,
): Promise<PlanChangeOffer | PlanChangeRefusal> {
  if (!isUuid(licenseId)) return { kind: 'not_found' };
  const [licence] = await deps.db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
    .limit(1);
  if (!licence) return { kind: 'not_found' };
  const [target] = await deps.db
    .select()
    .from(licenseTemplates)
    .where(and(eq(licenseTemplates.id, request.template_id), eq(licenseTemplates.isActive, true)))
    .limit(1);
  const cycle = target?.billingCycle;
  if (!target || !isBillingCycle(cycle) || cycle === 'one_time') {
    return refused('plan_change.unknown_template', 'template_id');
  }
  if (request.billing_cycle !== undefined && request.billing_cycle !== cycle) {
    return refused('plan_change.unknown_template', 'billing_cycle');
  }
  const basis = await loadRenewalBasis(deps.db, { ...licence, pendingTemplateId: null });
  if (!basis || !licence.expiresAt || licence.expiresAt <= now || licence.state !== 'active') {
    return refused('plan_change.not_changeable');
  }
  const taxed = await licenceTax(deps, basis.firstOrder);
  if (!taxed) return refused('plan_change.not_changeable');
  const kind = planChangeKind(
    {
      templateId: basis.template.id,
      cycle: basis.cycle,
      priceCents: basis.template.renewalPriceCents,
      capacity: licence.domainLimit + licence.installationLimit,
    },
    {
      templateId: target.id,
      cycle,
      priceCents: target.renewalPriceCents,
      capacity:
        target.domainLimit +
        target.installationLimit +
        basis.extras.extra_domains +
        basis.extras.extra_installations,
    },
  );
  if (kind === 'same') return refused('plan_change.same_plan', 'template_id');
  const targetBasis: RenewalBasis = { ...basis, template: target, cycle, planChanges: true };
  const offer = {
    kind: 'offer' as const,
    licence,
    target: { ...target, billingCycle: cycle },
    taxed,
  };
  if (kind === 'downgrade') {
    return {
      ...offer,
      effective: 'next_renewal',
      priced: priceRenewal(targetBasis, taxed.tax),
      expiresAt: licence.expiresAt,
    };
  }
  const currentTerm = {
    startsAt: await currentTermStart(deps, licence),
    endsAt: licence.expiresAt,
    cycle: basis.cycle,
  };
  const newTerm = upgradedTerm(currentTerm, cycle, now);
  if (!newTerm) return refused('plan_change.not_changeable');
  const extras = (template: TemplateRow) =>
    lineUnitCents({ priceCents: template.renewalPriceCents, setupFeeCents: 0 }, basis.extras);
  const amount = proratedUpgradeCents({
    currentPriceCents: extras(basis.template),
    newPriceCents: extras(target),
    currentTerm,
    newTerm,
    at: now,
  });
  const quoted = computeQuote({
    lines: [{ templateId: target.id, billingCycle: cycle, unitPriceCents: amount, quantity: 1 }],
    tax: taxed.tax,
  });
  if (!quoted.ok) throw new Error('a plan change without promo code cannot be refused');
  const renewalShape = priceRenewal(targetBasis, taxed.tax);
  const plan = snapshotOf(target);
  return {
    ...offer,
    effective: 'now',
    priced: {
      quote: quoted.quote,
      customizations: renewalShape.customizations,
      snapshot: {
        ...plan,
        name: upgradeLineName(plan.name, licence.licenseKey, 'fr'),
        name_en: upgradeLineName(plan.name_en.trim() || plan.name, licence.licenseKey, 'en'),
        plan_name: plan.name,
        plan_name_en: plan.name_en.trim() || plan.name,
        price_cents: amount,
        setup_fee_cents: 0,
      },
    },
    expiresAt: newTerm.endsAt,
  };
}
