import { translateMessage } from '@cadran/domain/messages';
import { cycleLabelKey } from '@cadran/domain/billing-cycles';
import type { PaymentMethod } from '@cadran/domain/order-status';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { catalogQuery } from '@/lib/catalog/catalog-query';
import { formatCents, formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { RenewingLicence } from '@/lib/renewals/schemas';
import { changePlan, quotePlanChange } from '../../api/renewals';
import { PaymentMethodSelect } from '../../components/payment-method-select';
import { failureMessage, Panel } from '../../components/screen';
import { planChoices } from './plan-choices';
import { PlanQuote } from './plan-quote';

/**
 * Moving a licence to another plan: choose it, read the server's quote (an upgrade's prorated
 * difference with its VAT, or a downgrade's price from the next renewal), confirm, and pay an
 * upgrade like any order. The key stays the same.
 */
export function PlanChangePanel({
  licence,
  reload,
}: {
  licence: RenewingLicence;
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation('renewals');
  const lang = currentLanguage();
  const navigate = useNavigate();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('stripe');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const catalogue = useQuery({
    ...catalogQuery(lang),
    select: (list) => planChoices(list, licence.template.id),
    enabled: licence.renewable,
  });
  const chosen = catalogue.data?.find((template) => template.id === templateId) ?? null;
  const choice = chosen ? { template_id: chosen.id, billing_cycle: chosen.billingCycle } : null;
  const quote = useQuery({
    queryKey: ['client', 'plan-quote', licence.id, choice, lang],
    queryFn: ({ signal }) => quotePlanChange(licence.id, choice!, signal),
    enabled: choice !== null,
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (answer) => answer.quote,
    meta: { refusalsExpected: true },
  });
  if (!licence.renewable) return null;
  const pending = licence.pending_plan_change;
  const shownQuote = choice && !quote.isPlaceholderData ? quote.data : undefined;
  const upgrade = shownQuote?.effective === 'now';

  const confirm = async () => {
    if (!choice) return;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const answer = await changePlan(licence.id, choice, method);
      if ('order' in answer) {
        if (answer.payment_url) {
          window.location.assign(answer.payment_url);
          return;
        }
        await navigate(`/orders/${answer.order.id}`);
        return;
      }
      setTemplateId(null);
      await reload();
      setNotice(t('plan.scheduled'));
    } catch (error) {
      setProblem(failureMessage(error, t('plan.failed')));
    }
    setBusy(false);
  };

  const optionLabel = (id: number) => {
    const template = catalogue.data?.find((candidate) => candidate.id === id);
    if (!template) return '';
    return t('plan.option', {
      name: template.name,
      price: formatCents(template.renewalPriceCents),
      cycle: t(`every.${template.billingCycle}`),
    });
  };

  return (
    <Panel title={t('plan.title')} id="licence-plan-change">
      {problem && <Alert tone="error">{problem}</Alert>}
      {notice && (
        <p role="status" className="mb-4 text-sm font-medium text-emerald-800">
          {notice}
        </p>
      )}
      {pending && (
        <Alert tone="info" title={t('plan.pendingTitle')}>
          {t('plan.pendingText', {
            name: pending.template_name,
            cycle: translateMessage(cycleLabelKey(pending.billing_cycle), lang),
            date: formatDate(pending.effective_at),
          })}
        </Alert>
      )}
      <p className="text-slate-700">{t('plan.intro')}</p>
      {catalogue.isError && <Alert tone="error">{t('plan.catalogueFailed')}</Alert>}
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-auto">
          <label htmlFor="plan-template" className="block text-sm font-semibold text-slate-900">
            {t('plan.choose')}
          </label>
          <select
            id="plan-template"
            className={`mt-2 w-full sm:w-auto ${inputClasses(false)}`}
            value={templateId ?? ''}
            disabled={!catalogue.data}
            onChange={(event) =>
              setTemplateId(event.target.value === '' ? null : Number(event.target.value))
            }
          >
            <option value="">{t('plan.placeholder')}</option>
            {catalogue.data?.map((template) => (
              <option key={template.id} value={template.id}>
                {optionLabel(template.id)}
              </option>
            ))}
          </select>
        </div>
        {upgrade && (
          <PaymentMethodSelect
            id="plan-method"
            label={t('plan.paymentMethod')}
            value={method}
            onChange={setMethod}
          />
        )}
      </div>
      {choice && quote.isError && (
        <Alert tone="error" className="mt-4">
          {failureMessage(quote.error, t('plan.quoteFailed'))}
        </Alert>
      )}
      {choice && quote.isFetching && !shownQuote && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('plan.quoting')}
        </p>
      )}
      {shownQuote && (
        <>
          <PlanQuote quote={shownQuote} termEnd={licence.expires_at} updating={quote.isFetching} />
          <Button className="mt-4" loading={busy} onClick={() => void confirm()}>
            {upgrade ? t('plan.confirmUpgrade') : t('plan.confirmDowngrade')}
          </Button>
        </>
      )}
    </Panel>
  );
}
