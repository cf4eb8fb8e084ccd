import type { LicenseTemplate } from '@cadran/domain/catalog';
import type { Language } from '@cadran/domain/constants';
import { centsToDecimalString } from '@cadran/domain/money';
import type { Database } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { prepareAnswer, type PreparedAnswer } from '../../http/prepared-answer';
import { listActiveTemplates, type TemplateRow } from './repository';

/**
 * Catalogue reads are cheap (docs/architecture.md 'apps/server'): the active templates are read
 * once, turned into both languages' answers, serialised and hashed, then served from memory. The
 * memory is per process, so besides explicit invalidation by writers in this process
 * (invalidateCatalogCache) every entry expires after CATALOG_CACHE_TTL_MS: a change made by another
 * process or straight in the database shows within that delay and one read (an expired entry
 * is served while it is read again: src/db/read-cache.ts).
 */

export const CATALOG_CACHE_TTL_MS = 15_000;

/** Ready-to-send answers, serialised and compressed once per catalogue version. */
export interface CatalogAnswers {
  all: PreparedAnswer;
  featured: PreparedAnswer;
}

/** Money as decimal strings, flags as 0/1; English copy falls back to French. */
export function toApiTemplate(row: TemplateRow, lang: Language): LicenseTemplate {
  const english = lang === 'en';
  const featuresEn = row.featuresEn.filter((feature) => feature.trim() !== '');
  return {
    id: row.id,
    name: (english && row.nameEn.trim()) || row.name,
    description: (english && row.descriptionEn.trim()) || row.description,
    price: centsToDecimalString(row.priceCents),
    setup_fee: centsToDecimalString(row.setupFeeCents),
    renewal_price: centsToDecimalString(row.renewalPriceCents),
    billing_cycle: row.billingCycle,
    domain_limit: row.domainLimit,
    installation_limit: row.installationLimit,
    sort_order: row.sortOrder,
    is_featured: row.isFeatured ? 1 : 0,
    update_permissions: row.updatePermissions ? 1 : 0,
    features: english && featuresEn.length > 0 ? featuresEn : [...row.features],
  };
}

const answer = (templates: LicenseTemplate[]): PreparedAnswer =>
  prepareAnswer(JSON.stringify({ success: true, templates }));

export function buildAnswers(rows: readonly TemplateRow[], lang: Language): CatalogAnswers {
  const templates = rows.map((row) => toApiTemplate(row, lang));
  return {
    all: answer(templates),
    featured: answer(templates.filter((template) => template.is_featured === 1)),
  };
}

const catalogCache = createReadCache('catalogue', CATALOG_CACHE_TTL_MS, async (db) => {
  const rows = await listActiveTemplates(db);
  return { fr: buildAnswers(rows, 'fr'), en: buildAnswers(rows, 'en') };
});

/** Every writer of license_templates calls this after its change is committed. */
export function invalidateCatalogCache(): void {
  catalogCache.invalidate();
}

export async function getCatalogAnswers(
  db: Database,
  lang: Language,
  now: number = Date.now(),
): Promise<CatalogAnswers> {
  return (await catalogCache.get(db, now))[lang];
}
