import { PromoCodeAdminSchema, type PromoCodeAdmin } from '@cadran/domain/promo-codes';
import { successEnvelope } from '@cadran/domain/api';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { formatMoney, formatPercent } from '@/lib/format';
import { useAdminResource } from '../api/use-admin-list';
import { formatDay } from '../format';
import { ScreenHeader } from '../layout/screen-header';
import { AdminOnly } from '../ui/admin-only';
import { LoadState } from '../ui/load-state';
import { Panel } from '../ui/panel';
import { ScrollRegion } from '../ui/scroll-region';
import { PromoCodeForm } from './promo-code-form';
import { PromoCodeChanges } from './promo-code-changes';
import { planLabel, useTemplates } from './promo-restrictions';

const PromoListSchema = successEnvelope({ data: z.array(PromoCodeAdminSchema) });

const discountOf = (promo: PromoCodeAdmin) =>
  promo.discount.type === 'percentage'
    ? formatPercent(promo.discount.percent)
    : formatMoney(promo.discount.amount);

/** Promo codes with their rules and uses; administrators create new ones. */
export function PromoCodesScreen() {
  const { t } = useTranslation('admin-content');
  const { t: ta } = useTranslation('admin');
  const query = useAdminResource(['promo-codes'], '/promo-codes', PromoListSchema);
  const headers = [
    t('promo.code'),
    t('promo.discount'),
    t('promo.window'),
    t('promo.limits'),
    t('promo.appliesTo'),
    t('promo.uses'),
    t('promo.state'),
    t('promo.actions'),
  ];
  const templates = useTemplates();
  const namesOf = (ids: readonly number[]) =>
    ids
      .map((id) => templates.data?.items.find((template) => template.id === id))
      .map((template, index) => (template ? planLabel(template, ta) : `#${ids[index]}`));
  /** The templates and cycles a code is restricted to, or the whole catalogue. */
  const scopeOf = (promo: PromoCodeAdmin) => {
    const parts = [
      ...namesOf(promo.template_ids ?? []),
      ...(promo.billing_cycles ?? []).map((cycle) => ta(`status.cycle.${cycle}`)),
    ];
    return parts.length ? parts.join(', ') : t('promo.everything');
  };
  return (
    <>
      <ScreenHeader title={t('promo.title')} description={t('promo.intro')} />
      <AdminOnly>
        <Panel title={t('promo.create')} className="mb-6">
          <PromoCodeForm />
        </Panel>
      </AdminOnly>
      <LoadState query={query}>
        {({ data }) => (
          <ScrollRegion
            label={t('promo.title')}
            className="rounded-card border border-slate-200 bg-white shadow-sm"
          >
            <table className="w-full min-w-[52rem] text-left text-sm">
              <caption className="sr-only">{t('promo.title')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {headers.map((header) => (
                    <th key={header} scope="col" className="px-4 py-3">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.map((promo) => (
                  <tr key={promo.id}>
                    <th scope="row" className="px-4 py-3 font-mono font-semibold">
                      {promo.code}
                    </th>
                    <td className="px-4 py-3">{discountOf(promo)}</td>
                    <td className="px-4 py-3">
                      {promo.starts_at || promo.ends_at
                        ? `${promo.starts_at ? formatDay(promo.starts_at) : '…'} – ${promo.ends_at ? formatDay(promo.ends_at) : '…'}`
                        : t('promo.always')}
                    </td>
                    <td className="px-4 py-3">
                      {promo.max_uses ?? '∞'} / {promo.max_uses_per_customer ?? '∞'}
                    </td>
                    <td className="px-4 py-3">{scopeOf(promo)}</td>
                    <td className="px-4 py-3 tabular-nums">{promo.uses}</td>
                    <td className="px-4 py-3">
                      <Badge tone={promo.active ? 'success' : 'neutral'}>
                        {t(promo.active ? 'promo.active' : 'promo.inactive')}
                      </Badge>
                    </td>
                    <td className="px-4 py-3">
                      <AdminOnly>
                        <PromoCodeChanges promo={promo} />
                      </AdminOnly>
                    </td>
                  </tr>
                ))}
                {data.length === 0 && (
                  <tr>
                    <td colSpan={headers.length} className="px-4 py-10 text-center text-slate-600">
                      {t('promo.empty')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </LoadState>
    </>
  );
}
