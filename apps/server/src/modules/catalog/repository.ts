import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { licenseTemplates } from '../../db/schema/catalog';

export type TemplateRow = typeof licenseTemplates.$inferSelect;

/**
 * GET /templates: active templates only, in catalogue order (sort_order, then id so
 * equal orders stay stable between reads and between processes).
 */
export function listActiveTemplates(db: Database): Promise<TemplateRow[]> {
  return db
    .select()
    .from(licenseTemplates)
    .where(eq(licenseTemplates.isActive, true))
    .orderBy(asc(licenseTemplates.sortOrder), asc(licenseTemplates.id));
}
