import { endOfShopDay, startOfShopDay } from '@cadran/domain/paris-days';
import { PromoCodeAdminSchema } from '@cadran/domain/promo-codes';
import { successEnvelope } from '@cadran/domain/api';
import type { BillingCycle } from '@cadran/domain/billing-cycles';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { adminApi } from '../api/admin-api';
import { useAdminAction } from '../api/use-admin-mutation';
import { centsToDecimal, parseEuros } from '../format';
import { PromoRestrictions } from './promo-restrictions';

const Created = successEnvelope({ data: PromoCodeAdminSchema });

const EMPTY = {
  code: '',
  type: 'percentage',
  value: '',
  starts: '',
  ends: '',
  maxUses: '',
  perCustomer: '',
};

/**
 * A new promo code: percentage or fixed amount, an optional window, use limits, and the
 * templates and billing cycles it is restricted to.
 */
export function PromoCodeForm() {
  const { t } = useTranslation('admin-content');
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [templateIds, setTemplateIds] = useState<number[]>([]);
  const [cycles, setCycles] = useState<BillingCycle[]>([]);
  const create = useAdminAction(
    (body: unknown) => adminApi.post('/promo-codes', body, Created),
    [['admin', 'promo-codes']],
  );
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));
  const limit = (text: string) => (text.trim() ? Number(text) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseEuros(form.value);
    const discount =
      form.type === 'percentage'
        ? { type: 'percentage', percent: Number(form.value.replace(',', '.')) }
        : { type: 'fixed', amount: cents === null ? form.value : centsToDecimal(cents) };
    const created = await create.run({
      code: form.code,
      discount,
      // Paris days, as the shop counts them: from the start of the first to the end of the last.
      starts_at: form.starts ? startOfShopDay(form.starts).toISOString() : null,
      ends_at: form.ends ? endOfShopDay(form.ends).toISOString() : null,
      max_uses: limit(form.maxUses),
      max_uses_per_customer: limit(form.perCustomer),
      // None ticked: the code applies to every template and cycle.
      template_ids: templateIds.length ? templateIds : null,
      billing_cycles: cycles.length ? cycles : null,
    });
    if (created) {
      setForm(EMPTY);
      setTemplateIds([]);
      setCycles([]);
    }
  };
  const error = (name: string) => create.failure?.errors[name]?.[0];
  const input = (
    name: keyof typeof EMPTY,
    label: string,
    props: Record<string, string> = {},
    errorName: string = name,
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        value={form[name]}
        onChange={set(name)}
        aria-invalid={error(errorName) ? true : undefined}
        className={`${inputClasses(!!error(errorName))} mt-2`}
        {...props}
      />
      {error(errorName) && <p className="mt-1 text-sm text-red-700">{error(errorName)}</p>}
    </div>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {create.failure && <Alert tone="error">{create.failure.message}</Alert>}
      {create.done && <Alert tone="success">{t('promo.created')}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {input('code', t('promo.code'), { autoComplete: 'off' })}
        <div>
          <label htmlFor={`${id}-type`} className="block text-sm font-semibold text-slate-900">
            {t('promo.type')}
          </label>
          <select
            id={`${id}-type`}
            value={form.type}
            onChange={set('type')}
            className={`${inputClasses(false)} mt-2`}
          >
            <option value="percentage">{t('promo.percentage')}</option>
            <option value="fixed">{t('promo.fixed')}</option>
          </select>
        </div>
        {input(
          'value',
          form.type === 'percentage' ? t('promo.percent') : t('promo.amount'),
          { inputMode: 'decimal' },
          'discount',
        )}
        {input('maxUses', t('promo.maxUses'), { inputMode: 'numeric' }, 'max_uses')}
        {input('starts', t('promo.starts'), { type: 'date' }, 'starts_at')}
        {input('ends', t('promo.ends'), { type: 'date' }, 'ends_at')}
        {input(
          'perCustomer',
          t('promo.perCustomer'),
          { inputMode: 'numeric' },
          'max_uses_per_customer',
        )}
      </div>
      <PromoRestrictions
        templateIds={templateIds}
        cycles={cycles}
        onTemplates={setTemplateIds}
        onCycles={setCycles}
        errors={{ templates: error('template_ids'), cycles: error('billing_cycles') }}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={create.pending}>
          {t('promo.createSubmit')}
        </Button>
      </div>
    </form>
  );
}
