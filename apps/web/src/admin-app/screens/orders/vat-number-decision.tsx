import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin-api';
import { OrderActionAnswerSchema, type OrderDetail } from '../../api/sales-schemas';
import { useAdminAction } from '../../api/use-admin-mutation';
import { AdminOnly } from '../../ui/admin-only';
import { ConfirmAction } from '../../ui/confirm-action';

/**
 * Staff settle a VAT number VIES could not check by hand: confirm it or reject it, saying what
 * the decision rests on (the note is kept in the order's history and the audit trail).
 */
export function VatNumberDecision({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin-sales');
  const decide = useAdminAction(
    (input: { status: 'verified' | 'rejected'; note: string }) =>
      adminApi.post(`/orders/${order.id}/vat-number`, input, OrderActionAnswerSchema),
    [
      ['admin', 'order', order.id],
      ['admin', 'orders'],
    ],
  );
  if (!order.vat_number) return null;
  const choices = [
    { status: 'verified' as const, variant: 'outline' as const },
    { status: 'rejected' as const, variant: 'danger' as const },
  ].filter((choice) => choice.status !== order.vat_number_status);
  return (
    <AdminOnly>
      <div className="mt-4 flex flex-wrap gap-2">
        {choices.map(({ status, variant }) => (
          <ConfirmAction
            key={status}
            variant={variant}
            label={t(`orders.vatDecision.${status}`)}
            title={t(`orders.vatDecision.${status}Title`, { number: order.vat_number })}
            description={t('orders.vatDecision.intro')}
            confirmLabel={t(`orders.vatDecision.${status}`)}
            reason={{ label: t('orders.vatDecision.note'), required: true }}
            pending={decide.pending}
            failure={decide.failure}
            onConfirm={async (note) => (await decide.run({ status, note })) !== undefined}
          />
        ))}
      </div>
    </AdminOnly>
  );
}
