import type {
  StaffTemplate,
  StaffTemplateCreate,
  StaffTemplatePatch,
} from '@cadran/domain/staff-templates';
import { asc, count, eq } from 'drizzle-orm';
import { recordStaffAction, type StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { licenseTemplates } from '../../db/schema/catalog';
import type { TemplateRow } from './repository';
import { invalidateCatalogCache } from './service';

/**
 * Licence templates as staff edit them (docs/product.md 'Back office' ('Catalogue')): every
 * template, published or not, with both languages' texts. Each change writes its audit entry
 * in its own transaction, then drops this process's catalogue answers, and with them the pages
 * drawn from them; the caller tells the other processes (docs/decisions/030-staff-catalogue-and-licences.md).
 */

export function toStaffTemplate(row: TemplateRow): StaffTemplate {
  return {
    id: row.id,
    name_fr: row.name,
    name_en: row.nameEn,
    description_fr: row.description,
    description_en: row.descriptionEn,
    features_fr: [...row.features],
    features_en: [...row.featuresEn],
    price: row.priceCents,
    setup_fee: row.setupFeeCents,
    renewal_price: row.renewalPriceCents,
    billing_cycle: row.billingCycle,
    domain_limit: row.domainLimit,
    installation_limit: row.installationLimit,
    update_permissions: row.updatePermissions,
    featured: row.isFeatured,
    published: row.isActive,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

type TemplateColumns = Partial<typeof licenseTemplates.$inferInsert>;

/** The columns a wire patch sets; absent fields stay as they are. */
function columnsOf(patch: StaffTemplatePatch): TemplateColumns {
  const columns: TemplateColumns = {
    name: patch.name_fr,
    nameEn: patch.name_en,
    description: patch.description_fr,
    descriptionEn: patch.description_en,
    features: patch.features_fr,
    featuresEn: patch.features_en,
    priceCents: patch.price,
    setupFeeCents: patch.setup_fee,
    renewalPriceCents: patch.renewal_price,
    billingCycle: patch.billing_cycle,
    domainLimit: patch.domain_limit,
    installationLimit: patch.installation_limit,
    updatePermissions: patch.update_permissions,
    isFeatured: patch.featured,
    isActive: patch.published,
    sortOrder: patch.sort_order,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** Every template in catalogue order (sort order, then id). */
export async function listStaffTemplates(
  db: Database,
): Promise<{ items: StaffTemplate[]; total: number }> {
  const rows = await db
    .select()
    .from(licenseTemplates)
    .orderBy(asc(licenseTemplates.sortOrder), asc(licenseTemplates.id));
  const [total] = await db.select({ n: count() }).from(licenseTemplates);
  return { items: rows.map(toStaffTemplate), total: total?.n ?? rows.length };
}

/** A new template; its id is the one the catalogue, the cart and orders name it by. */
export async function createStaffTemplate(
  db: Database,
  input: StaffTemplateCreate,
  actor: StaffActor,
): Promise<StaffTemplate> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(licenseTemplates)
      .values({
        ...columnsOf(input),
        name: input.name_fr,
        nameEn: input.name_en,
        description: input.description_fr,
        descriptionEn: input.description_en,
        priceCents: input.price,
        // Renewing costs what buying did unless staff say otherwise.
        renewalPriceCents: input.renewal_price ?? input.price,
        billingCycle: input.billing_cycle,
      })
      .returning();
    if (!row) throw new Error('license_templates insert returned no row');
    const template = toStaffTemplate(row);
    await recordStaffAction(tx, actor, {
      action: 'template.create',
      target: { type: 'license_template', id: row.id },
      after: template,
    });
    return template;
  });
  invalidateCatalogCache();
  return created;
}

/** Changes the given fields; undefined for an unknown template. */
export async function updateStaffTemplate(
  db: Database,
  id: number,
  patch: StaffTemplatePatch,
  actor: StaffActor,
): Promise<StaffTemplate | undefined> {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(licenseTemplates)
      .where(eq(licenseTemplates.id, id))
      .for('update');
    if (!before) return undefined;
    const [row] = await tx
      .update(licenseTemplates)
      .set(columnsOf(patch))
      .where(eq(licenseTemplates.id, id))
      .returning();
    if (!row) return undefined;
    const template = toStaffTemplate(row);
    await recordStaffAction(tx, actor, {
      action: 'template.update',
      target: { type: 'license_template', id },
      before: toStaffTemplate(before),
      after: template,
    });
    return template;
  });
  if (updated) invalidateCatalogCache();
  return updated;
}
