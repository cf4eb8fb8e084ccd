import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export const CHECKOUT_STEPS = ['information', 'payment', 'confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/**
 * The checkout's three-step header, as the site's specification names them: information
 * (signing in or registering, then the order form), payment (the order is placed, the
 * provider's page is on its way), confirmation (the order's page). The current
 * step carries aria-current="step"; finished steps say so to screen readers as well.
 */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const { t } = useTranslation('checkout');
  const currentIndex = CHECKOUT_STEPS.indexOf(current);
  return (
    <nav aria-label={t('steps.label')}>
      <ol className="grid grid-cols-3 gap-2 sm:gap-4">
        {CHECKOUT_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const active = index === currentIndex;
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              className={cn(
                'flex flex-col items-center gap-2 border-t-4 pt-3 text-center sm:flex-row sm:text-left',
                done && 'border-brand-600',
                active && 'border-brand-600',
                !done && !active && 'border-slate-200',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                  done && 'bg-brand-600 text-white',
                  active && 'bg-brand-50 text-brand-800 ring-2 ring-brand-600',
                  !done && !active && 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? '✓' : index + 1}
              </span>
              <span
                className={cn(
                  'text-sm font-semibold',
                  active || done ? 'text-slate-900' : 'text-slate-600',
                )}
              >
                {t(`steps.${step}`)}
                {(done || active) && (
                  <span className="sr-only"> ({done ? t('steps.done') : t('steps.current')})</span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
