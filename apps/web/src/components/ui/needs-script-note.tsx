import { useTexts } from '@/islands/texts';

/**
 * Pages are readable without JavaScript (docs/decisions/023-pages-drawn-on-the-server.md), but
 * a form sends with it: the note says so, shown only when scripts are off.
 */
export function NeedsScriptNote() {
  const { t } = useTexts();
  return (
    <noscript>
      <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        {t('status.needsScript')}
      </p>
    </noscript>
  );
}
