import type { AuditEntry } from '@cadran/domain/audit';
import type { TFunction } from 'i18next';
import { formatAmount, formatDay } from '../format';

/*
 * An audit entry in words (docs/product.md 'Audit trail'): the target named by what staff know
 * it by (an order's number, a promo code, a licence key, an e-mail, a title), and each changed
 * field by its name in the reader's language with its value before and after ("Fin : 31 août
 * 2026 → 30 sept. 2026"), never a table name and an id.
 */

type Record_ = Record<string, unknown>;
const record = (value: unknown): Record_ =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record_) : {};

/** What a target is known by, first found in the entry's after, then before. */
const NAME_FIELDS = [
  'order_number',
  'code',
  'license_key',
  'key',
  'email',
  'version',
  'title_fr',
  'title',
  'name_fr',
  'name',
  'status',
] as const;

export function targetName(entry: AuditEntry): string | undefined {
  for (const side of [record(entry.after), record(entry.before)]) {
    for (const field of NAME_FIELDS) {
      const value = side[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return undefined;
}

/** "Code promo ÉTÉ26", "Commande CAD-2026-…": the kind in words, then its name or short id. */
export function describeTarget(t: TFunction<'admin-content'>, entry: AuditEntry): string {
  const { type, id } = entry.target;
  const kind = t(`audit.targets.${type}`, { defaultValue: type.replace(/_/g, ' ') });
  const name = targetName(entry) ?? (id.length > 12 ? `${id.slice(0, 8)}…` : id);
  return `${kind} ${name}`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/;
/** Fields whose values are statuses the back office already names (admin `status.*`). */
const STATUS_GROUPS: Record<string, string> = {
  status: 'order',
  payment_status: 'payment',
  payment_method: 'method',
  billing_cycle: 'cycle',
  vat_number_status: 'vat',
};

/** Fields that hold integer cents. */
const CENT_FIELDS = new Set(['price', 'setup_fee', 'renewal_price', 'total', 'amount']);

/** A value as a person reads it: dates as days, money as money, yes and no, lists joined. */
export function describeValue(
  t: TFunction<'admin-content'>,
  field: string,
  value: unknown,
): string {
  if (value === null || value === undefined || value === '') return t('audit.none');
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  const group = STATUS_GROUPS[field];
  if (group && typeof value === 'string') {
    return t(`status.${group}.${value}`, { ns: 'admin', defaultValue: value });
  }
  if (typeof value === 'number' && CENT_FIELDS.has(field)) return formatAmount(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDay(value);
  if (Array.isArray(value)) {
    return value.length === 0
      ? t('audit.none')
      : value.map((item) => describeValue(t, field, item)).join(', ');
  }
  if (typeof value === 'object') {
    const discount = record(value);
    if (discount.type === 'percentage' && typeof discount.percent === 'number') {
      return `${discount.percent} %`;
    }
    if (discount.type === 'fixed' && typeof discount.amount === 'string') {
      return `${discount.amount} €`;
    }
    return JSON.stringify(value);
  }
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A field's name in the reader's language; one this screen does not know, spelt out. */
export const fieldName = (t: TFunction<'admin-content'>, field: string): string =>
  t(`audit.fields.${field}`, { defaultValue: field.replace(/_/g, ' ') });

/** Each changed field as "Name: before → after" (or "Name: value" for a creation). */
export function describeChanges(
  t: TFunction<'admin-content'>,
  entry: AuditEntry,
  fields: readonly string[],
): string[] {
  const before = record(entry.before);
  const after = record(entry.after);
  return fields.map((field) => {
    const name = fieldName(t, field);
    if (entry.before === null || entry.after === null) {
      const side = entry.before === null ? after : before;
      return t('audit.valueLine', { field: name, value: describeValue(t, field, side[field]) });
    }
    return t('audit.changeLine', {
      field: name,
      before: describeValue(t, field, before[field]),
      after: describeValue(t, field, after[field]),
    });
  });
}
