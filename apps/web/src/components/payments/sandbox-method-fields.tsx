import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import type { SandboxMethodDetails } from '@/lib/renewals/schemas';

/** What the tester chose to save: a test card (the always-accepted one first) or a test IBAN. */
export interface SandboxMethodDraft {
  kind: 'card' | 'iban';
  card: string;
  iban: string;
}

export const DEFAULT_METHOD_DRAFT: SandboxMethodDraft = {
  kind: 'card',
  card: '4242424242424242',
  iban: 'DE89370400440532013000',
};

/** The number sent with the decision, spaces taken out as a card or IBAN is often typed. */
export function methodDetails(draft: SandboxMethodDraft): SandboxMethodDetails {
  return draft.kind === 'card'
    ? { card_number: draft.card.replace(/\s+/g, '') }
    : { iban: draft.iban.replace(/\s+/g, '').toUpperCase() };
}

/**
 * The test method of a sandbox card payment, typed as the providers' test numbers: the page
 * lists which number does what. It is saved for automatic renewals when the order asked for them.
 */
export function SandboxMethodFields({
  draft,
  onChange,
  saves,
  disabled,
}: {
  draft: SandboxMethodDraft;
  onChange: (draft: SandboxMethodDraft) => void;
  /** The payment saves the method for automatic renewals (or is a new method being saved). */
  saves: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('renewals');
  const card = draft.kind === 'card';
  const inputId = card ? 'sandbox-card-number' : 'sandbox-iban';
  return (
    <fieldset className="mt-6 rounded-xl border border-slate-200 p-4" disabled={disabled}>
      <legend className="px-1 font-semibold text-slate-900">
        {saves ? t('sandbox.savedTitle') : t('sandbox.testTitle')}
      </legend>
      <p className="text-sm text-slate-700">
        {saves ? t('sandbox.savedIntro') : t('sandbox.testIntro')}
      </p>
      <div role="radiogroup" aria-label={t('sandbox.kind')} className="mt-3 flex flex-wrap gap-4">
        {(['card', 'iban'] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm font-medium">
            <input
              type="radio"
              name="sandbox-method-kind"
              value={kind}
              checked={draft.kind === kind}
              onChange={() => onChange({ ...draft, kind })}
              className="size-4 accent-brand-600"
            />
            {t(`sandbox.${kind}`)}
          </label>
        ))}
      </div>
      <label htmlFor={inputId} className="mt-4 block text-sm font-semibold text-slate-900">
        {card ? t('sandbox.cardNumber') : t('sandbox.ibanLabel')}
      </label>
      <input
        id={inputId}
        inputMode={card ? 'numeric' : 'text'}
        autoComplete="off"
        spellCheck={false}
        value={card ? draft.card : draft.iban}
        onChange={(event) =>
          onChange(
            card ? { ...draft, card: event.target.value } : { ...draft, iban: event.target.value },
          )
        }
        aria-describedby={`${inputId}-hint`}
        className={`mt-2 w-full font-mono ${inputClasses(false)}`}
      />
      <p id={`${inputId}-hint`} className="mt-2 text-xs text-slate-600">
        {card ? t('sandbox.cardHint') : t('sandbox.ibanHint')}
      </p>
    </fieldset>
  );
}
