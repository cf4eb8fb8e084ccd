import { isUuid } from '@cadran/domain/uuid';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseInstances, licenses } from '../../db/schema/licenses';
import { setDomains } from './license-records';

/**
 * The owner changes the domains of one of their licences (docs/product.md 'Client area'). The
 * licence row is locked for the change, as an activation locks it, so an installation activated
 * meanwhile cannot end up on a domain the list just dropped, and the limit holds.
 */
export type DomainsChange =
  | { kind: 'not_found' }
  | { kind: 'limit_reached'; limit: number }
  | { kind: 'in_use'; domain: string }
  | { kind: 'updated'; licenseKey: string };

export async function changeOwnedDomains(
  db: Database,
  userId: string,
  licenseId: string,
  requested: readonly string[],
): Promise<DomainsChange> {
  if (!isUuid(licenseId)) return { kind: 'not_found' };
  // Already normalised by the schema; the same name twice is one domain.
  const domains = [...new Set(requested)];
  return db.transaction(async (tx): Promise<DomainsChange> => {
    const [licence] = await tx
      .select()
      .from(licenses)
      .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
      .limit(1)
      .for('update');
    if (!licence) return { kind: 'not_found' };
    if (domains.length > licence.domainLimit) {
      return { kind: 'limit_reached', limit: licence.domainLimit };
    }
    const active = await tx
      .select({ domain: licenseInstances.domain })
      .from(licenseInstances)
      .where(
        and(eq(licenseInstances.licenseId, licenseId), isNull(licenseInstances.deactivatedAt)),
      );
    const dropped = active.find((instance) => !domains.includes(instance.domain));
    if (dropped) return { kind: 'in_use', domain: dropped.domain };
    await setDomains(tx, licenseId, domains);
    return { kind: 'updated', licenseKey: licence.licenseKey };
  });
}
