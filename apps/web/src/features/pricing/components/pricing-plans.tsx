import type { BillingCycle } from '@cadran/domain/billing-cycles';
import { selectDefaultCycle } from '@cadran/domain/billing-cycles';
import type { LicenseTemplate } from '@cadran/domain/catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { CatalogByCycle } from '@/lib/catalog/selectors';
import { cn } from '@/lib/cn';
import { CycleToggle } from './cycle-toggle';
import { TemplateCard } from './template-card';

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
  const { t } = useTranslation('pricing');
  const [chosen, setChosen] = useState<BillingCycle | null>(null);

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

  const cycles = catalog?.cycles ?? [];
  const cycle = chosen && cycles.includes(chosen) ? chosen : selectDefaultCycle(cycles);
  const shown = catalog && cycle ? catalog.forCycle(cycle) : [];

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
        <div className={cn('grid gap-6', gridColumns(shown.length))}>
          {shown.map(({ view, template }) => (
            <TemplateCard
              key={view.id}
              view={view}
              template={template}
              adding={addingId === view.id}
              busy={addingId !== null}
              onAdd={onAdd}
            />
          ))}
        </div>
      )}
    </div>
  );
}
