import type { AuditEntry } from '@cadran/domain/audit';
import { useTranslation } from 'react-i18next';

/** The fields whose value differs between before and after. */
export function changedFields(before: unknown, after: unknown): string[] {
  const record = (value: unknown) =>
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const a = record(before);
  const b = record(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}

/** What an entry changed, folded: the fields by name, the values on demand. */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin-content');
  const fields = changedFields(entry.before, entry.after);
  if (fields.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <details className="max-w-md text-xs">
      <summary className="cursor-pointer text-slate-700">{fields.join(', ')}</summary>
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
  );
}
