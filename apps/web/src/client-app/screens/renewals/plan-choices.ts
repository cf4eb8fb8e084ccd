import { compareTemplates, toTemplate, type CatalogTemplate } from '@cadran/domain/catalog-model';
import type { TemplateList } from '@/lib/catalog/catalog-query';

/**
 * The plans a licence may move to: every template on sale that renews, except the one it has,
 * in catalogue order.
 */
export function planChoices(list: TemplateList, currentTemplateId: number): CatalogTemplate[] {
  return list.templates
    .map(toTemplate)
    .filter((template) => template.id !== currentTemplateId && template.billingCycle !== 'one_time')
    .sort(compareTemplates);
}
