import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { adminApi } from '../../api/admin-api';
import { MarkPaidAnswerSchema } from '../../api/sales-schemas';
import { useAdminAction } from '../../api/use-admin-mutation';
import { centsToDecimal, formatAmount, parseEuros, today } from '../../format';

export interface SettleTarget {
  id: string;
  order_number: string;
  /** In cents. */
  total: number;
}

/** A bank-transfer order still waiting for its money: the one a transfer can settle. */
export const awaitsTransfer = (order: {
  payment_method: string;
  payment_status: string;
  status: string;
}) =>
  order.payment_method === 'bank_transfer' &&
  (order.payment_status === 'pending' || order.payment_status === 'unpaid') &&
  order.status === 'pending';

/**
 * Records a bank transfer seen on the statement (docs/product.md 'Back office'): the amount
 * received (the total unless told otherwise: a different amount flags the order), the day it
 * arrived and the statement's reference. Support staff may do it too.
 */
export function SettleTransfer({ order }: { order: SettleTarget }) {
  const { t } = useTranslation('admin-sales');
  const { t: ta } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(centsToDecimal(order.total).replace('.', ','));
  const [paidAt, setPaidAt] = useState(today());
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const action = useAdminAction(
    (body: Record<string, string>) =>
      adminApi.post(`/orders/${order.id}/mark-paid`, body, MarkPaidAnswerSchema),
    [
      ['admin', 'orders'],
      ['admin', 'order', order.id],
      ['admin', 'dashboard'],
    ],
  );

  const submit = async () => {
    const cents = parseEuros(amount);
    setInvalid(cents === null);
    if (cents === null) return;
    const body: Record<string, string> = { paid_at: paidAt };
    // The API reads the amount received as decimal euros ("588.00").
    if (cents !== order.total) body.amount = centsToDecimal(cents);
    if (reference.trim()) body.reference = reference.trim();
    if (note.trim()) body.note = note.trim();
    const answer = await action.run(body);
    if (answer) setOpen(false);
  };

  const field = (name: string) => ({
    id: `${id}-${name}`,
    className: `${inputClasses(false)} mt-2`,
  });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('settle.open')}
      </Button>
      {action.result && !open && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {action.result.message}
        </p>
      )}
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('settle.title', { number: order.order_number })}
        description={t('settle.intro', { total: formatAmount(order.total) })}
        // Opened from a table cell, whose text stays on one line: the dialog's wraps.
        className="whitespace-normal"
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div>
            <label htmlFor={`${id}-amount`} className="block text-sm font-semibold text-slate-900">
              {t('settle.amount')}
            </label>
            <input
              {...field('amount')}
              inputMode="decimal"
              value={amount}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-amount-error` : undefined}
              onChange={(event) => setAmount(event.target.value)}
              className={`${inputClasses(invalid)} mt-2`}
            />
            {invalid && (
              <p id={`${id}-amount-error`} className="mt-2 text-sm font-medium text-red-700">
                {t('settle.amountInvalid')}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-date`} className="block text-sm font-semibold text-slate-900">
              {t('settle.date')}
            </label>
            <input
              {...field('date')}
              type="date"
              value={paidAt}
              max={today()}
              onChange={(event) => setPaidAt(event.target.value)}
            />
          </div>
          <div>
            <label
              htmlFor={`${id}-reference`}
              className="block text-sm font-semibold text-slate-900"
            >
              {t('settle.reference')}
            </label>
            <input
              {...field('reference')}
              maxLength={140}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-slate-900">
              {t('settle.note')}
            </label>
            <textarea
              {...field('note')}
              rows={2}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {action.failure && <Alert tone="error">{action.failure.message}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {ta('actions.cancel')}
            </Button>
            <Button type="submit" loading={action.pending}>
              {t('settle.submit')}
            </Button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
