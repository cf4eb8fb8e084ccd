import type { BillingCycle } from '@cadran/domain/billing-cycles';
import { cycleLabelKey } from '@cadran/domain/billing-cycles';
import { translateMessage } from '@cadran/domain/messages';
import { useTexts } from '@/islands/texts';

export interface CycleToggleProps {
  cycles: readonly BillingCycle[];
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}

/**
 * The pricing page's billing-cycle toggle. Native radios styled as a segmented control,
 * so arrow keys move between cycles and screen readers announce "1 of 3".
 */
export function CycleToggle({ cycles, value, onChange }: CycleToggleProps) {
  const { t, language: lang } = useTexts('pricing');
  return (
    <fieldset className="flex justify-center">
      <legend className="sr-only">{t('cycles.legend')}</legend>
      <div className="inline-flex flex-wrap justify-center gap-1 rounded-2xl bg-slate-100 p-1 ring-1 ring-slate-200 sm:rounded-full">
        {cycles.map((cycle) => (
          <label key={cycle} className="cursor-pointer">
            <input
              type="radio"
              name="billing-cycle"
              value={cycle}
              checked={cycle === value}
              onChange={() => onChange(cycle)}
              className="peer sr-only"
            />
            <span className="flex min-h-11 items-center rounded-full px-4 text-sm sm:px-5 font-semibold text-slate-700 transition-colors peer-checked:bg-white peer-checked:text-brand-800 peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 hover:text-slate-900">
              {translateMessage(cycleLabelKey(cycle), lang)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
