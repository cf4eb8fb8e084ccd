import type { BillingCycle } from '@cadran/domain/billing-cycles';
import { selectDefaultCycle } from '@cadran/domain/billing-cycles';
import type { LicenseTemplate } from '@cadran/domain/catalog';
import type { AbsentPlan } from '@cadran/domain/pricing-rules';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTexts } from '@/islands/texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { CatalogByCycle, CatalogEntry } from '@/lib/catalog/selectors';
import { cn } from '@/lib/cn';
import { AbsentPlanSlot } from './absent-plan';
import { CycleToggle } from './cycle-toggle';
import { TemplateCard, templateCardId } from './template-card';

type Slot = { card: CatalogEntry } | { absent: AbsentPlan };

/**
 * The cards of the cycle, then the plans it does not offer: what is for sale comes first, on a
 * phone too.
 */
const slotsOf = (cards: CatalogEntry[], absent: AbsentPlan[]): Slot[] => [
  ...cards.map((card) => ({ card })),
  ...absent.map((plan) => ({ absent: plan })),
];

const gridColumns = (count: number): string => {
  if (count >= 4) return 'md:grid-cols-2 xl:grid-cols-4';
  if (count === 3) return 'md:grid-cols-2 lg:grid-cols-3';
  if (count === 2) return 'mx-auto max-w-4xl md:grid-cols-2';
  return 'mx-auto max-w-md';
};

export interface PricingPlansProps {
  catalog: CatalogByCycle | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  addingId: number | null;
  onAdd: (template: LicenseTemplate) => void;
}

/**
 * Pricing states: loading, error, empty or list. The cycle defaults to annually, else the
 * first cycle on offer; a cycle chosen earlier is kept while it still exists (language switch).
 */
export function PricingPlans({ catalog, status, onRetry, addingId, onAdd }: PricingPlansProps) {
  const { t } = useTexts('pricing');
  const [chosen, setChosen] = useState<BillingCycle | null>(null);
  // A plan asked for from another cycle: its card takes the focus once that cycle is drawn.
  const sought = useRef<string | null>(null);
  const cycles = catalog?.cycles ?? [];
  const cycle = chosen && cycles.includes(chosen) ? chosen : selectDefaultCycle(cycles);
  const shown = useMemo(() => (catalog && cycle ? catalog.forCycle(cycle) : []), [catalog, cycle]);
  const absent = catalog && cycle && shown.length > 0 ? catalog.absentFrom(cycle) : [];

  useEffect(() => {
    if (sought.current === null) return;
    const entry = shown.find(({ view }) => view.name === sought.current);
    sought.current = null;
    const card = entry ? document.getElementById(templateCardId(entry.view.id)) : null;
    // The card's top, name first, below the sticky header (its scroll margin).
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ block: 'start' });
  }, [cycle, shown]);

  if (status === 'pending') {
    // A screen's height while loading: the plans arrive in that space, so the FAQ below never
    // jumps down under the reader (it cost the page its layout-shift score).
    return (
      <div className="flex min-h-svh justify-center py-16 text-brand-700">
        <Spinner size="lg" label={t('state.loading')} />
      </div>
    );
  }
  if (status === 'error' && !catalog) {
    return (
      <Alert tone="error" title={t('state.loadFailed')}>
        <p>{t('state.loadFailedHelp')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          {t('state.retry')}
        </Button>
      </Alert>
    );
  }

  const slots = slotsOf(shown, absent);
  return (
    <div className="space-y-10">
      {cycles.length > 1 && cycle && (
        <CycleToggle cycles={cycles} value={cycle} onChange={setChosen} />
      )}
      {shown.length === 0 ? (
        <div className="mx-auto max-w-xl rounded-card border border-dashed border-slate-300 px-6 py-12 text-center">
          <h3 className="text-xl font-semibold text-slate-900">{t('state.emptyTitle')}</h3>
          <p className="mt-3 leading-7 text-slate-600">{t('state.emptyText')}</p>
        </div>
      ) : (
        <div className={cn('grid gap-6', gridColumns(slots.length))}>
          {slots.map((slot) =>
            'card' in slot ? (
              <TemplateCard
                key={slot.card.view.id}
                view={slot.card.view}
                template={slot.card.template}
                recommended={slot.card.recommended}
                saving={slot.card.saving}
                adding={addingId === slot.card.view.id}
                busy={addingId !== null}
                onAdd={onAdd}
              />
            ) : (
              <AbsentPlanSlot
                key={`absent-${slot.absent.name}`}
                plan={slot.absent}
                onShow={(next) => {
                  sought.current = slot.absent.name;
                  setChosen(next);
                }}
              />
            ),
          )}
        </div>
      )}
    </div>
  );
}
