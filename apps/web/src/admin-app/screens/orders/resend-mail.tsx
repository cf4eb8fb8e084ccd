import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { adminApi } from '../../api/admin-api';
import { ResendMailAnswerSchema, type OrderDetail } from '../../api/sales-schemas';
import { useAdminAction } from '../../api/use-admin-mutation';
import { ConfirmAction } from '../../ui/confirm-action';
import { Panel } from '../../ui/panel';
import { awaitsTransfer } from './settle-transfer';

type ResendableMail = 'confirmation' | 'transfer_instructions';

/** The e-mails that apply to the order as it stands: its confirmation once paid, the bank
 * details while a transfer is awaited. */
function resendable(order: OrderDetail): ResendableMail[] {
  if (order.payment_status === 'paid') return ['confirmation'];
  return awaitsTransfer(order) ? ['transfer_instructions'] : [];
}

/**
 * Staff send an order's e-mail again when the customer says it never arrived. The server writes
 * to the account's own address, so the dialog only names it; its answer says it left.
 */
export function ResendMail({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const resend = useAdminAction(
    (mail: ResendableMail) =>
      adminApi.post(`/orders/${order.id}/resend-mail`, { mail }, ResendMailAnswerSchema),
    [],
  );
  const mails = resendable(order);
  return (
    <Panel title={t('orders.mailsTitle')}>
      {mails.length === 0 ? (
        <p className="text-sm text-slate-600">{t('orders.resend.none')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('orders.mailsIntro')}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            {mails.map((mail) => (
              <ConfirmAction
                key={mail}
                variant="outline"
                label={t(`orders.resend.${mail}`)}
                title={t(`orders.resend.${mail}Title`, { number: order.order_number })}
                description={t(`orders.resend.${mail}Intro`, { email: order.customer.email })}
                confirmLabel={t('orders.resend.send')}
                pending={resend.pending}
                failure={resend.failure}
                onConfirm={async () => (await resend.run(mail)) !== undefined}
              />
            ))}
          </div>
        </>
      )}
      {resend.result && (
        <Alert tone="success" className="mt-4">
          {resend.result.message}
        </Alert>
      )}
    </Panel>
  );
}
