import type { AutoRenew, PendingPlanChange } from '@cadran/domain/auto-renewal-api';
import { nextChargeAt } from '@cadran/domain/auto-renewal';
import type { Language } from '@cadran/domain/constants';
import type { Executor } from '../../db/transaction';
import type { LicenseRow } from './license-records';
import { loadRenewalBasis, priceRenewal, storedTax } from './renewal-price';
import { attachedMethods, savedMethodView } from './saved-methods';

export interface AutoRenewFacts {
  auto_renew: AutoRenew;
  pending_plan_change: PendingPlanChange | null;
}

const OFF: AutoRenew = { enabled: false, method: null, next_charge_at: null, next_amount: null };

/**
 * What a licence answer says of its automatic renewal (docs/product.md 'Licences' ('Automatic
 * renewal')): on only with a saved method and a term to renew; the next charge's date and its
 * amount, VAT included as the licence was last taxed (the charge itself is priced on the day);
 * and a downgrade waiting for that renewal.
 */
export async function autoRenewFacts(
  db: Executor,
  licences: readonly LicenseRow[],
  lang: Language,
): Promise<Map<string, AutoRenewFacts>> {
  const methods = await attachedMethods(
    db,
    licences.flatMap((licence) => (licence.savedMethodId ? [licence.savedMethodId] : [])),
  );
  const facts = new Map<string, AutoRenewFacts>();
  for (const licence of licences) {
    const method = licence.savedMethodId ? methods.get(licence.savedMethodId) : undefined;
    const renewing = licence.expiresAt !== null && licence.state !== 'revoked';
    const basis = renewing ? await loadRenewalBasis(db, licence) : undefined;
    const pending =
      basis?.planChanges && licence.expiresAt
        ? {
            template_id: basis.template.id,
            template_name: (lang === 'en' && basis.template.nameEn.trim()) || basis.template.name,
            billing_cycle: basis.cycle,
            effective_at: licence.expiresAt.toISOString(),
          }
        : null;
    const enabled = licence.autoRenew && method !== undefined && basis !== undefined;
    const autoRenew: AutoRenew =
      enabled && licence.expiresAt
        ? {
            enabled: true,
            method: savedMethodView(method),
            next_charge_at: nextChargeAt(licence.expiresAt).toISOString(),
            next_amount: priceRenewal(basis, storedTax(basis.firstOrder)).quote.totalCents,
          }
        : { ...OFF, method: method ? savedMethodView(method) : null };
    facts.set(licence.id, { auto_renew: autoRenew, pending_plan_change: pending });
  }
  return facts;
}
