import type { CatalogTemplate, LicenseTemplate } from '@cadran/domain/catalog';
import type { CycleSaving } from '@cadran/domain/pricing-rules';
import { useTexts } from '@/islands/texts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCents, formatPercent } from '@/lib/format';
import { CheckIcon } from '@/components/icons/line-icons';

/** The id of a template's card, which the page focuses to show that template. */
export const templateCardId = (templateId: number): string => `template-${templateId}`;

export interface TemplateCardProps {
  view: CatalogTemplate;
  /** The template as the API sent it: what the cart keeps. */
  template: LicenseTemplate;
  /** The one recommended template of the cycle: badge and highlight. */
  recommended: boolean;
  /** What the cycle saves against paying the same plan monthly. */
  saving: CycleSaving | null;
  adding: boolean;
  /** Another card is being added: its button waits too, so one click gives one line. */
  busy: boolean;
  onAdd: (template: LicenseTemplate) => void;
}

/**
 * Pricing card (docs/product.md 'Pricing and the catalogue' ('The pricing page')): name,
 * description, price per cycle, saving against monthly, setup fee, renewal, limits, updates flag
 * and features, then the add button with its adding state. The card can take focus (not by Tab)
 * so the page can lead the reader to it after a cycle change.
 */
export function TemplateCard({
  view,
  template,
  recommended,
  saving,
  adding,
  busy,
  onAdd,
}: TemplateCardProps) {
  const { t, language } = useTexts('pricing');
  const nameId = `template-${view.id}-name`;
  const period = t(`per.${view.billingCycle}`);
  return (
    <article
      id={templateCardId(view.id)}
      tabIndex={-1}
      aria-labelledby={nameId}
      className={cn(
        'relative flex scroll-mt-24 flex-col rounded-card border bg-white p-6 shadow-card sm:p-8',
        // Side by side, the cards share the page grid's rows: each price starts on the same
        // line, whatever the length of the descriptions above it, and so do lists and buttons.
        'md:row-span-4 md:grid md:grid-rows-subgrid',
        'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600',
        recommended ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div>
        <div className="flex items-start justify-between gap-3">
          <h3 id={nameId} className="text-xl font-bold text-slate-900">
            {view.name}
          </h3>
          {recommended && (
            <Badge tone="brass" className="shrink-0 whitespace-nowrap">
              {t('card.featured')}
            </Badge>
          )}
        </div>
        <p className="mt-3 leading-6 text-slate-600">{view.description}</p>
      </div>

      <div className="mt-6 md:mt-0">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-4xl font-bold tracking-tight text-slate-900">
            {formatCents(view.priceCents, language)}
          </span>
          <span className="text-sm font-medium text-slate-600">{period}</span>
        </p>
        {saving && (
          <p className="mt-2 text-sm text-emerald-800">
            <strong className="font-semibold">
              {saving.kind === 'months'
                ? t('card.savingMonths', { count: saving.months })
                : t('card.savingPercent', { percent: formatPercent(saving.percent, language) })}
            </strong>{' '}
            {t('card.savingComparedTo')}
          </p>
        )}
        <p className="mt-2 text-sm text-slate-600">
          {view.setupFeeCents > 0
            ? t('card.setupFee', { amount: formatCents(view.setupFeeCents, language) })
            : t('card.noSetupFee')}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {view.billingCycle === 'one_time'
            ? t('card.noRenewal')
            : t('card.renewal', { amount: formatCents(view.renewalPriceCents, language), period })}
        </p>
        {view.billingCycle !== 'one_time' && (
          <p className="mt-1 text-xs leading-5 text-slate-500">{t('card.renewalTerms')}</p>
        )}
      </div>

      <div className="mt-6 border-t border-slate-200 pt-6 md:mt-0">
        <h4 className="sr-only">{t('card.limitsTitle')}</h4>
        <ul className="space-y-2 text-sm font-medium text-slate-900">
          <li className="flex gap-2">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {t('card.domains', { count: view.domainLimit })}
          </li>
          <li className="flex gap-2">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {t('card.installations', { count: view.installationLimit })}
          </li>
          <li className={cn('flex gap-2', !view.updatePermissions && 'text-slate-600')}>
            <CheckIcon
              className={cn(
                'mt-0.5 size-5 shrink-0',
                view.updatePermissions ? 'text-brand-600' : 'text-slate-400',
              )}
            />
            {t(view.updatePermissions ? 'card.updatesIncluded' : 'card.updatesNotIncluded')}
          </li>
        </ul>

        {view.features.length > 0 && (
          <>
            <h4 className="mt-6 text-sm font-semibold text-slate-900">{t('card.featuresTitle')}</h4>
            <ul className="mt-3 space-y-2 text-sm text-slate-700">
              {view.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <div className="mt-8 flex flex-1 items-end md:mt-0">
        <Button
          fullWidth
          size="lg"
          variant={recommended ? 'primary' : 'outline'}
          loading={adding}
          disabled={busy}
          onClick={() => onAdd(template)}
        >
          {adding ? t('card.adding') : t('card.add')}
        </Button>
      </div>
    </article>
  );
}
