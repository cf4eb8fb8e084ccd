import { and, eq, isNull } from 'drizzle-orm';
import type { ChangePlanRequest } from '@cadran/domain/auto-renewal-api';
import type { Language } from '@cadran/domain/constants';
import { orderEventReason } from '@cadran/domain/order-events';
import { licensePlanChanges, licenses } from '../../db/schema/licenses';
import { orders } from '../../db/schema/orders';
import { openPayment, type OpenedPayment } from '../checkout/checkout';
import { insertLicenceOrder, type RenewalDeps } from '../licenses/renewal';
import type { OrdersRepository } from '../orders/repository';
import type { PaymentsService } from '../payments/service';
import { offerPlanChange, type PlanChangeRefusal } from './plan-change';

export type PlacePlanChangeResult =
  PlanChangeRefusal | { kind: 'scheduled'; licenseId: string } | OpenedPayment;

export interface PlacePlanChangeDeps extends RenewalDeps {
  payments: PaymentsService;
  ordersRepository: Pick<OrdersRepository, 'findById'>;
}

/**
 * Changes the plan of one of the account's licences (docs/product.md 'Licences' ('Plan
 * changes')). A downgrade is recorded on the licence and waits for its next renewal. An upgrade
 * is an order of the prorated difference, paid and invoiced like any, that moves the licence
 * when paid; an unpaid upgrade to the same plan with the same method is answered again rather
 * than doubled.
 */
export async function placePlanChange(
  deps: PlacePlanChangeDeps,
  userId: string,
  licenseId: string,
  request: ChangePlanRequest,
  language: Language,
  now: Date,
): Promise<PlacePlanChangeResult> {
  if (!deps.payments.isAvailable(request.payment_method)) return { kind: 'method_unavailable' };
  const offer = await offerPlanChange(deps, userId, licenseId, request, now);
  if (offer.kind !== 'offer') return offer;
  const { licence, target } = offer;
  if (offer.effective === 'next_renewal') {
    await deps.db
      .update(licenses)
      .set({ pendingTemplateId: target.id, pendingBillingCycle: target.billingCycle })
      .where(eq(licenses.id, licence.id));
    return { kind: 'scheduled', licenseId: licence.id };
  }
  const [open] = await deps.db
    .select({ orderId: licensePlanChanges.orderId })
    .from(licensePlanChanges)
    .innerJoin(orders, eq(orders.id, licensePlanChanges.orderId))
    .where(
      and(
        eq(licensePlanChanges.licenseId, licence.id),
        eq(licensePlanChanges.templateId, target.id),
        isNull(licensePlanChanges.appliedAt),
        eq(orders.status, 'pending'),
        eq(orders.paymentMethod, request.payment_method),
      ),
    )
    .limit(1);
  const earlier = open && (await deps.ordersRepository.findById(open.orderId));
  if (earlier) return openPayment(deps.payments, { kind: 'replayed', order: earlier });
  const order = await insertLicenceOrder(
    deps,
    licence,
    offer.taxed,
    { ...offer.priced, templateId: target.id },
    {
      paymentMethod: request.payment_method,
      language,
      reason: orderEventReason('plan_change', {
        from: String(licence.templateId),
        to: String(target.id),
      }),
      autoRenew: licence.autoRenew,
    },
    (tx, orderId) =>
      tx.insert(licensePlanChanges).values({
        licenseId: licence.id,
        orderId,
        templateId: target.id,
        billingCycle: target.billingCycle,
        expiresAt: offer.expiresAt,
      }),
  );
  return openPayment(deps.payments, { kind: 'created', order });
}
