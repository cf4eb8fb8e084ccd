import type { AuditEntry } from '@cadran/domain/audit';
import { useTranslation } from 'react-i18next';
import { describeChanges } from './audit-words';

/** Lines shown before the disclosure; the rest, and the raw record, inside it. */
const SHOWN = 3;

/**
 * Bookkeeping every record carries: the target already names the record, so these stay in the
 * stored record behind the disclosure instead of opening the list of changes ("id: 2").
 */
const BOOKKEEPING_FIELDS = new Set(['id', 'created_at', 'updated_at']);

/** The fields whose value differs between before and after, bookkeeping left out. */
export function changedFields(before: unknown, after: unknown): string[] {
  const record = (value: unknown) =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const a = record(before);
  const b = record(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => !BOOKKEEPING_FIELDS.has(key) && JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}

/**
 * What an entry changed, in words: each field by its name with its value before and after; the
 * fields past the first few and the record as stored on demand.
 */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin-content');
  const fields = changedFields(entry.before, entry.after);
  if (fields.length === 0) return <span className="text-slate-500">—</span>;
  const lines = describeChanges(t, entry, fields);
  return (
    <div className="max-w-md text-xs">
      <ul className="space-y-0.5 text-slate-800">
        {lines.slice(0, SHOWN).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <details className="mt-1">
        <summary className="cursor-pointer text-brand-700">
          {lines.length > SHOWN
            ? t('audit.more', { count: lines.length - SHOWN })
            : t('audit.details')}
        </summary>
        {lines.length > SHOWN && (
          <ul className="mt-1 space-y-0.5 text-slate-800">
            {lines.slice(SHOWN).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <div>
            <p className="font-semibold text-slate-600">{t('audit.before')}</p>
            <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 whitespace-pre-wrap">
              {JSON.stringify(entry.before, null, 2)}
            </pre>
          </div>
          <div>
            <p className="font-semibold text-slate-600">{t('audit.after')}</p>
            <pre className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 whitespace-pre-wrap">
              {JSON.stringify(entry.after, null, 2)}
            </pre>
          </div>
        </div>
      </details>
    </div>
  );
}
