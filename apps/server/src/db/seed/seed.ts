import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { licenseTemplates, vatRates } from '../schema/catalog';
import { roadmapItems } from '../schema/roadmap';
import { DEMO_TEMPLATES } from './catalog-data';
import { DEMO_ROADMAP } from './roadmap-data';
import { VAT_SEED } from './vat-data';

export interface SeedReport {
  vatRatesWritten: number;
  templatesInserted: number;
  roadmapItemsInserted: number;
}

/**
 * Idempotent seed, run at every start. Two kinds of data, two policies:
 * - VAT rates are reference data the store cannot sell without, so they are written in every
 *   mode and upserted: a corrected rate in code (CH 7.7 -> 8.1) reaches existing databases.
 *   The WHERE clause skips identical rows, so a second run writes nothing.
 * - The demo catalogue and roadmap (skipped with SEED_DEMO=false) are inserted only when their
 *   seed_key is absent, so an operator's later edits to a demo row are never overwritten.
 */
export async function runSeed(db: Database, options: { demo: boolean }): Promise<SeedReport> {
  const vat = await db
    .insert(vatRates)
    .values([...VAT_SEED])
    .onConflictDoUpdate({
      target: vatRates.country,
      set: {
        rateBasisPoints: sql`excluded.rate_basis_points`,
        nameFr: sql`excluded.name_fr`,
        nameEn: sql`excluded.name_en`,
      },
      setWhere: sql`(${vatRates.rateBasisPoints}, ${vatRates.nameFr}, ${vatRates.nameEn})
        IS DISTINCT FROM (excluded.rate_basis_points, excluded.name_fr, excluded.name_en)`,
    })
    .returning({ country: vatRates.country });

  if (!options.demo)
    return { vatRatesWritten: vat.length, templatesInserted: 0, roadmapItemsInserted: 0 };

  const templates = await db
    .insert(licenseTemplates)
    .values([...DEMO_TEMPLATES])
    .onConflictDoNothing({ target: licenseTemplates.seedKey })
    .returning({ id: licenseTemplates.id });

  const roadmap = await db
    .insert(roadmapItems)
    .values([...DEMO_ROADMAP])
    .onConflictDoNothing({ target: roadmapItems.seedKey })
    .returning({ id: roadmapItems.id });

  return {
    vatRatesWritten: vat.length,
    templatesInserted: templates.length,
    roadmapItemsInserted: roadmap.length,
  };
}
