import type { Language } from '@cadran/domain/constants';
import { z } from 'zod';
import type { TemplateRow } from '../catalog/repository';
import type { OrderItemRow } from './repository';

/**
 * The template as sold, kept with each order line so catalogue edits never rewrite history:
 * the order answer, the e-mails, the payment pages of the providers and the licences all
 * read a line's template from here.
 */
export const TemplateSnapshotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  description: z.string(),
  description_en: z.string(),
  billing_cycle: z.string(),
  domain_limit: z.number().int(),
  installation_limit: z.number().int(),
  update_permissions: z.boolean(),
  price_cents: z.number().int(),
  setup_fee_cents: z.number().int(),
  /**
   * A renewal or plan-change line names the licence it renews; these name the plan itself,
   * which the licence shows once the line becomes its plan (a plan change).
   */
  plan_name: z.string().optional(),
  plan_name_en: z.string().optional(),
});
export type TemplateSnapshot = z.infer<typeof TemplateSnapshotSchema>;

export const snapshotOf = (row: TemplateRow): TemplateSnapshot => ({
  id: row.id,
  name: row.name,
  name_en: row.nameEn,
  description: row.description,
  description_en: row.descriptionEn,
  billing_cycle: row.billingCycle,
  domain_limit: row.domainLimit,
  installation_limit: row.installationLimit,
  update_permissions: row.updatePermissions,
  price_cents: row.priceCents,
  setup_fee_cents: row.setupFeeCents,
});

/**
 * A stored snapshot, read defensively: the JSON outlives code versions, so a line whose
 * snapshot no longer parses is shown by its fallback rather than breaking a page or an e-mail.
 */
export const readSnapshot = (stored: unknown): TemplateSnapshot | undefined => {
  const parsed = TemplateSnapshotSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
};

/** The English text when there is one, else the French: the catalogue's own fallback. */
const inLanguage = (french: string, english: string, lang: Language): string =>
  (lang === 'en' && english.trim()) || french;

/**
 * The one display name of an order line, wherever it is shown (order page, e-mails, the
 * provider's payment page); a line whose snapshot is unreadable is named by its template id.
 */
export const itemDisplayName = (
  item: Pick<OrderItemRow, 'templateSnapshot' | 'templateId'>,
  lang: Language,
): string => {
  const snapshot = readSnapshot(item.templateSnapshot);
  return snapshot ? inLanguage(snapshot.name, snapshot.name_en, lang) : `#${item.templateId}`;
};

/**
 * The plan a line sells, without what the line adds to it: a renewal or a plan change is named
 * after its licence key ('Pro : renouvellement de la licence CDR-…'), and a message that shows
 * the key on its own names the plan alone. Lines of a new licence have no other name.
 */
export const itemPlanName = (
  item: Pick<OrderItemRow, 'templateSnapshot' | 'templateId'>,
  lang: Language,
): string => {
  const snapshot = readSnapshot(item.templateSnapshot);
  if (!snapshot?.plan_name) return itemDisplayName(item, lang);
  return inLanguage(snapshot.plan_name, snapshot.plan_name_en ?? '', lang);
};

export const itemDisplayDescription = (stored: unknown, lang: Language): string => {
  const snapshot = readSnapshot(stored);
  return snapshot ? inLanguage(snapshot.description, snapshot.description_en, lang) : '';
};
