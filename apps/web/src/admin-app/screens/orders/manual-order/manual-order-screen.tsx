import { PaymentMethodsResponseSchema } from '@cadran/domain/orders';
import type { PaymentMethod } from '@cadran/domain/order-status';
import {
  ManualOrderCreateResponseSchema,
  ManualOrderQuoteResponseSchema,
} from '@cadran/domain/staff-manual-order';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiClient } from '@/lib/api-client';
import { adminApi } from '../../../api/admin-api';
import { useAdminAction } from '../../../api/use-admin-mutation';
import { BackLink, ScreenHeader } from '../../../layout/screen-header';
import { Panel } from '../../../ui/panel';
import { useTemplates } from '../../promo-restrictions';
import { emptyLine, lineBody, OrderLinesFields, type DraftLine } from './order-lines-fields';
import { QuoteSummary } from './quote-summary';

/** The methods this shop takes now, as the checkout offers them. */
const usePaymentMethods = () =>
  useQuery({
    queryKey: ['payment-methods'],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/api/v1/website/payment-methods', {
          schema: PaymentMethodsResponseSchema,
          signal,
        })
      ).payment_methods
        .filter((method) => method.enabled)
        .map((method) => method.id),
  });

/**
 * Staff create an order for a customer by hand (docs/product.md 'Back office'): the customer,
 * the plans, quantities and domains, a promo code; the server's quote (the checkout's pricing,
 * VAT by the customer's country and VAT number); then a payment link by card or PayPal, or a
 * bank transfer, e-mailed to the customer. Administrators only.
 */
export function ManualOrderScreen() {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const id = useId();
  const templates = useTemplates();
  const methods = usePaymentMethods();
  const [customer, setCustomer] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(() => [emptyLine()]);
  const [promo, setPromo] = useState('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [notes, setNotes] = useState('');
  // One key per order being prepared: a double click or a retry answers the same order.
  const idempotencyKey = useRef(crypto.randomUUID());

  const body = () => ({ customer, items: lines.map(lineBody), promo_code: promo });
  const quote = useAdminAction(
    () => adminApi.post('/orders/manual/quote', body(), ManualOrderQuoteResponseSchema),
    [],
  );
  const create = useAdminAction(
    () =>
      adminApi.post(
        '/orders/manual',
        { ...body(), payment_method: method, notes },
        ManualOrderCreateResponseSchema,
        { 'Idempotency-Key': idempotencyKey.current },
      ),
    [
      ['admin', 'orders'],
      ['admin', 'dashboard'],
    ],
  );
  // Any change after the quote asks for a new one before the order can be created.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      quote.reset();
      create.reset();
    };
  const failure = create.failure ?? quote.failure;
  const error = (path: string) => failure?.errors[path]?.[0];

  const askQuote = (event: FormEvent) => {
    event.preventDefault();
    void quote.run(undefined);
  };
  const placed = create.result;

  if (placed) {
    return (
      <>
        <BackLink to="/orders">{t('manual.back')}</BackLink>
        <ScreenHeader title={t('manual.title')} />
        <Alert tone="success" title={t('manual.created')}>
          <p>{placed.message}</p>
          <p className="mt-2">
            <Link to={`/orders/${placed.order.id}`} className="font-semibold underline">
              {t('manual.openOrder', { number: placed.order.order_number })}
            </Link>
          </p>
        </Alert>
      </>
    );
  }

  return (
    <>
      <BackLink to="/orders">{t('manual.back')}</BackLink>
      <ScreenHeader title={t('manual.title')} description={t('manual.intro')} />
      <form noValidate onSubmit={askQuote} className="space-y-6">
        {failure && <Alert tone="error">{failure.message}</Alert>}
        <Panel>
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <label htmlFor={`${id}-customer`} className="block text-sm font-semibold">
                {t('manual.customer')}
              </label>
              <p id={`${id}-customer-hint`} className="text-sm text-slate-600">
                {t('manual.customerHint')}
              </p>
              <input
                id={`${id}-customer`}
                type="email"
                autoComplete="off"
                value={customer}
                onChange={(event) => edited(setCustomer)(event.target.value)}
                aria-describedby={`${id}-customer-hint`}
                aria-invalid={error('customer') ? true : undefined}
                className={`${inputClasses(!!error('customer'))} mt-1`}
              />
              {error('customer') && (
                <p className="mt-1 text-sm text-red-700">{error('customer')}</p>
              )}
            </div>
            <div>
              <label htmlFor={`${id}-promo`} className="block text-sm font-semibold">
                {t('manual.promo')}
              </label>
              <p className="text-sm text-slate-600">{t('manual.promoHint')}</p>
              <input
                id={`${id}-promo`}
                autoComplete="off"
                value={promo}
                onChange={(event) => edited(setPromo)(event.target.value)}
                aria-invalid={error('promo_code') ? true : undefined}
                className={`${inputClasses(!!error('promo_code'))} mt-1`}
              />
              {error('promo_code') && (
                <p className="mt-1 text-sm text-red-700">{error('promo_code')}</p>
              )}
            </div>
          </div>
        </Panel>
        <Panel>
          <OrderLinesFields
            lines={lines}
            templates={templates.data?.items ?? []}
            onChange={edited(setLines)}
            error={error}
          />
        </Panel>
        <div className="flex justify-end">
          <Button
            type="submit"
            variant={quote.result ? 'outline' : 'primary'}
            loading={quote.pending}
          >
            {quote.result ? t('manual.quoteAgain') : t('manual.quote')}
          </Button>
        </div>
      </form>
      {quote.result && (
        <div className="mt-6 space-y-6">
          <QuoteSummary answer={quote.result} templates={templates.data?.items ?? []} />
          <Panel title={t('manual.paymentTitle')}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void create.run(undefined);
              }}
              className="space-y-4"
            >
              <fieldset>
                <legend className="text-sm font-semibold">{t('manual.payment')}</legend>
                <div className="mt-2 space-y-2">
                  {(methods.data ?? []).map((option) => (
                    <div key={option} className="flex items-start gap-2 text-sm">
                      <input
                        id={`${id}-method-${option}`}
                        type="radio"
                        name={`${id}-method`}
                        value={option}
                        checked={method === option}
                        onChange={() => setMethod(option)}
                        className="mt-0.5 size-4 accent-brand-600"
                      />
                      <label htmlFor={`${id}-method-${option}`}>
                        <span className="font-medium">{ta(`status.method.${option}`)}</span>
                        <span className="block text-slate-600">
                          {t(option === 'bank_transfer' ? 'manual.byTransfer' : 'manual.byLink')}
                        </span>
                      </label>
                    </div>
                  ))}
                </div>
                {error('payment_method') && (
                  <p className="mt-1 text-sm text-red-700">{error('payment_method')}</p>
                )}
              </fieldset>
              <div>
                <label htmlFor={`${id}-notes`} className="block text-sm font-semibold">
                  {t('manual.notes')}
                </label>
                <textarea
                  id={`${id}-notes`}
                  rows={3}
                  value={notes}
                  onChange={(event) => setNotes(event.target.value)}
                  className={`${inputClasses(!!error('notes'))} mt-1`}
                />
              </div>
              <div className="flex justify-end">
                <Button type="submit" loading={create.pending} disabled={method === ''}>
                  {t('manual.create')}
                </Button>
              </div>
            </form>
          </Panel>
        </div>
      )}
    </>
  );
}
