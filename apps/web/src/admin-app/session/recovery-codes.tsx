import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkboxClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { AnchorButton, Button } from '@/components/ui/button';

/** The ten recovery codes, given once: copy them, download them, then say they are kept. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="space-y-5">
      <Alert tone="warning">{t('secondFactor.codesWarning')}</Alert>
      <ul
        aria-label={t('secondFactor.codesTitle')}
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? t('secondFactor.copied') : t('secondFactor.copy')}
        </Button>
        <AnchorButton
          variant="outline"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="cadran-recovery-codes.txt"
        >
          {t('secondFactor.download')}
        </AnchorButton>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? t('secondFactor.copied') : ''}
      </p>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-saved`}
          type="checkbox"
          className={checkboxClasses}
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
        />
        <label htmlFor={`${id}-saved`} className="text-sm leading-6 text-slate-700">
          {t('secondFactor.savedConfirm')}
        </label>
      </div>
      <Button size="lg" fullWidth disabled={!saved} onClick={onSaved}>
        {t('secondFactor.continue')}
      </Button>
    </div>
  );
}
