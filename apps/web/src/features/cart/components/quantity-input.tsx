import { normalizeQuantity } from '@cadran/domain/cart';
import { QUANTITY_MAX, QUANTITY_MIN } from '@cadran/domain/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface QuantityInputProps {
  /** Template name, for the accessible names of the field and its buttons. */
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
}

const stepButton =
  'flex size-11 items-center justify-center text-lg font-semibold text-slate-700 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent';

/**
 * Cart quantity (docs/product.md 'Cart'): minimum 1, the minus button disabled at 1, non-numeric
 * input falls back to 1 and values below 1 are ignored (the field shows the quantity again on
 * blur). A plain text field with a numeric keyboard: a number field would refuse letters outright.
 * The steppers use aria-disabled so keyboard focus stays on them at the limits.
 */
export function QuantityInput({ name, quantity, onChange }: QuantityInputProps) {
  const { t } = useTranslation('cart');
  const id = useId();
  // Text being typed that is not (yet) a quantity: empty, or below the minimum.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = (next: number) => {
    setDraft(null);
    if (next !== quantity) onChange(next);
  };

  const handleChange = (text: string) => {
    const next = text.trim() === '' ? null : normalizeQuantity(text);
    if (next === null) setDraft(text);
    else commit(next);
  };

  const handleBlur = () => {
    if (draft !== null && draft.trim() === '') commit(QUANTITY_MIN);
    else setDraft(null);
  };

  const atMin = quantity <= QUANTITY_MIN;
  const atMax = quantity >= QUANTITY_MAX;
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm">
      <button
        type="button"
        className={stepButton}
        aria-label={t('line.decrease', { name })}
        aria-disabled={atMin || undefined}
        onClick={() => {
          if (!atMin) onChange(quantity - 1);
        }}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={id} className="sr-only">
        {t('line.quantityNamed', { name })}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={draft ?? String(quantity)}
        onChange={(event) => handleChange(event.target.value)}
        onBlur={handleBlur}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
        className={cn(
          'h-11 w-14 border-x border-slate-300 text-center font-semibold text-slate-900',
          'focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600',
        )}
      />
      <button
        type="button"
        className={stepButton}
        aria-label={t('line.increase', { name })}
        aria-disabled={atMax || undefined}
        onClick={() => {
          if (!atMax) onChange(quantity + 1);
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
