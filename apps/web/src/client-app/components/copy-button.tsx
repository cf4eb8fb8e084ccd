import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * Copies `value` to the clipboard and says so, for screen readers too. `said` names what was
 * copied (a licence key unless told otherwise).
 */
export function CopyButton({
  value,
  label,
  said,
}: {
  value: string;
  label: string;
  said?: { copied: string; failed: string };
}) {
  const { t } = useTranslation('client');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
        {t('licence.copy')}
      </Button>
      <span role="status" className="text-sm text-slate-600">
        {state === 'copied'
          ? (said?.copied ?? t('licence.copied'))
          : state === 'failed'
            ? (said?.failed ?? t('licence.copyFailed'))
            : ''}
      </span>
    </span>
  );
}
