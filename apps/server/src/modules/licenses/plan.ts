import { isBillingCycle } from '@cadran/domain/billing-cycles';
import { licenseExpiry } from '@cadran/domain/licenses';
import { OrderItemCustomizationsSchema, lineDomains } from '@cadran/domain/orders';
import type { licenses } from '../../db/schema/licenses';
import type { OrderRow, OrderItemRow } from '../orders/repository';
import { TemplateSnapshotSchema } from '../orders/template-snapshot';
import { generateLicenseKey } from './license-key';

export type NewLicense = Omit<typeof licenses.$inferInsert, 'id' | 'createdAt'>;

/**
 * The licences a paid order gives (docs/product.md 'Licences'): one per purchased unit of each
 * line, with the template as sold (snapshot), the template's limits plus the extras bought, its
 * update permission, and a term of one billing cycle from payment (no expiry for one_time). Each
 * licence has its own domains: the line's (primary first) go to its first licence, the others
 * get theirs when an installation is activated. Pure apart from the random keys, so the rules
 * are tested alone.
 */
export function planLicenses(
  order: Pick<OrderRow, 'id' | 'userId'>,
  items: readonly OrderItemRow[],
  paidAt: Date,
  newKey: () => string = generateLicenseKey,
): NewLicense[] {
  const planned: NewLicense[] = [];
  for (const item of items) {
    // The snapshot is ours and validated when written; a broken one must stop the issue,
    // not produce licences with made-up limits.
    const snapshot = TemplateSnapshotSchema.parse(item.templateSnapshot);
    const custom = OrderItemCustomizationsSchema.parse(item.customizations);
    const domains = lineDomains(custom);
    const expiresAt = isBillingCycle(snapshot.billing_cycle)
      ? licenseExpiry(paidAt, snapshot.billing_cycle)
      : null;
    for (let unit = 0; unit < item.quantity; unit += 1) {
      planned.push({
        orderId: order.id,
        orderItemId: item.id,
        userId: order.userId,
        licenseKey: newKey(),
        templateId: item.templateId,
        domains: unit === 0 ? domains : [],
        domainLimit: snapshot.domain_limit + custom.extra_domains,
        installationLimit: snapshot.installation_limit + custom.extra_installations,
        updatePermissions: snapshot.update_permissions,
        startsAt: paidAt,
        expiresAt,
      });
    }
  }
  return planned;
}
