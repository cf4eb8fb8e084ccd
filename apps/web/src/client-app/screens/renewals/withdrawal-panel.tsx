import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { formatDate, formatDateTime } from '@/lib/format';
import type { WithdrawableOrder } from '@/lib/renewals/schemas';
import { requestWithdrawal } from '../../api/renewals';
import { failureMessage, Panel } from '../../components/screen';

/**
 * The withdrawal function of a consumer's order (the EU's online withdrawal button): offered
 * while the period runs, in two steps, a button that names it and a confirmation; once asked,
 * the order says when.
 */
export function WithdrawalPanel({
  order,
  reload,
}: {
  order: WithdrawableOrder;
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation('renewals');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The moment the screen opened: the offer closes at its date, not while the buyer reads.
  const [openedAt] = useState(() => Date.now());
  const withdrawal = order.withdrawal;
  if (!withdrawal) return null;

  if (withdrawal.requested_at) {
    return (
      <Panel title={t('withdrawal.title')} id="order-withdrawal">
        <Alert tone="success" title={t('withdrawal.doneTitle')}>
          {t('withdrawal.doneText', { date: formatDateTime(withdrawal.requested_at) })}
        </Alert>
      </Panel>
    );
  }
  const until = withdrawal.available_until;
  if (!withdrawal.possible || new Date(until).getTime() <= openedAt) return null;

  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await requestWithdrawal(order.id);
      setOpen(false);
      await reload();
    } catch (error) {
      setProblem(failureMessage(error, t('withdrawal.failed')));
    }
    setBusy(false);
  };

  return (
    <Panel title={t('withdrawal.title')} id="order-withdrawal">
      <p className="text-slate-700">{t('withdrawal.intro', { date: formatDate(until) })}</p>
      <Button variant="outline" className="mt-4" onClick={() => setOpen(true)}>
        {t('withdrawal.button')}
      </Button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('withdrawal.confirmTitle', { number: order.order_number })}
        description={t('withdrawal.confirmText')}
        role="alertdialog"
      >
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('withdrawal.keep')}
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void confirm()}>
            {t('withdrawal.confirm')}
          </Button>
        </div>
      </ModalDialog>
    </Panel>
  );
}
