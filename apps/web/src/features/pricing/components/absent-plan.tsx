import type { BillingCycle } from '@cadran/domain/billing-cycles';
import type { AbsentPlan } from '@cadran/domain/pricing-rules';
import { useId } from 'react';
import { useTexts } from '@/islands/texts';
import { Button } from '@/components/ui/button';

export interface AbsentPlanSlotProps {
  plan: AbsentPlan;
  /** Switches the toggle to a cycle that offers the plan. */
  onShow: (cycle: BillingCycle) => void;
}

/**
 * Stands where a plan of the catalogue would be when the chosen cycle does not offer it
 * (docs/product.md 'Pricing and the catalogue' ('The pricing page')): which cycles do, with one
 * button per cycle that turns the toggle to it.
 */
export function AbsentPlanSlot({ plan, onShow }: AbsentPlanSlotProps) {
  const { t } = useTexts('pricing');
  const nameId = useId();
  const where = plan.cycles.map((cycle) => t(`absent.in.${cycle}`));
  const cycles =
    where.length > 1
      ? t('absent.or', { first: where.slice(0, -1).join(', '), last: where.at(-1) })
      : (where[0] ?? '');
  return (
    <section
      aria-labelledby={nameId}
      className="flex flex-col justify-center rounded-card border border-dashed md:row-span-4 border-slate-300 bg-slate-50 p-6 sm:p-8"
    >
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t('absent.title')}
      </p>
      <h3 id={nameId} className="mt-2 text-xl font-bold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 leading-6 text-slate-700">{t('absent.only', { cycles })}</p>
      <div className="mt-5 flex flex-col gap-2">
        {plan.cycles.map((cycle) => (
          <Button
            key={cycle}
            variant="outline"
            className="py-2 text-center whitespace-normal!"
            onClick={() => onShow(cycle)}
          >
            {t('absent.show', { name: plan.name, cycle: t(`absent.in.${cycle}`) })}
          </Button>
        ))}
      </div>
    </section>
  );
}
