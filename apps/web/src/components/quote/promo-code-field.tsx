import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';

export interface PromoCodeFieldProps {
  /** The code kept with the cart ('' when none). */
  applied: string;
  /** Prices the cart with the code; answers the refusal to show, or null once it is kept. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => void;
  /** A refusal that came from elsewhere (the order's answer), shown under the field. */
  error?: string | undefined;
  /** The id of the input, so a form can move focus to it. */
  id?: string;
}

/**
 * The promo code field of the cart and the checkout: the code is tried when applied (button,
 * Enter, or leaving the field with a new code), never per keystroke; a refusal (unknown,
 * expired, used up, not applicable, too many tries) is said under the field. It is not a form
 * of its own: the checkout's form holds it, and Enter here applies the code, not the order.
 */
export function PromoCodeField({ applied, onApply, onRemove, error, id }: PromoCodeFieldProps) {
  const { t } = useTranslation();
  const ownId = useId();
  const inputId = id ?? `promo-${ownId}`;
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState('');
  const shown = refusal ?? error;
  const errorId = `${inputId}-error`;

  const apply = async () => {
    const code = draft.trim();
    if (code === '' || busy) return;
    setBusy(true);
    setTried(code);
    const refused = await onApply(code);
    setBusy(false);
    setRefusal(refused);
    if (refused === null) setDraft('');
  };

  if (applied !== '') {
    // A kept code the server refuses later (expired meanwhile) says so here, to be removed.
    return (
      <div>
        <div
          className={`flex items-center justify-between gap-2 rounded-lg border py-1.5 pr-1.5 pl-3 ${
            error ? 'border-red-200 bg-red-50' : 'border-emerald-200 bg-emerald-50'
          }`}
        >
          <p
            className={`min-w-0 text-sm wrap-anywhere ${error ? 'text-slate-900' : 'text-emerald-900'}`}
            role="status"
          >
            {t('quote.promoApplied', { code: applied })}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0"
            onClick={onRemove}
            aria-label={t('quote.promoRemove')}
            aria-describedby={error ? errorId : undefined}
          >
            {t('quote.promoRemoveShort')}
          </Button>
        </div>
        {error && (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {t('quote.promoLabel')}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={inputId}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (refusal) setRefusal(null);
          }}
          onKeyDown={onKeyDown}
          // Leaving the field with a code not tried yet tries it.
          onBlur={() => {
            if (draft.trim() !== '' && draft.trim() !== tried) void apply();
          }}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          className={`${inputClasses(!!shown)} min-w-0 uppercase placeholder:normal-case`}
        />
        <Button variant="outline" onClick={() => void apply()} loading={busy}>
          {t('quote.promoApply')}
        </Button>
      </div>
      {shown && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {shown}
        </p>
      )}
    </div>
  );
}
