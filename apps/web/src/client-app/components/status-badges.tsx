import type { LicenseStatus } from '@cadran/domain/licenses';
import { translateMessage } from '@cadran/domain/messages';
import {
  orderStatusLabelKey,
  paymentStatusLabelKey,
  type OrderStatus,
  type PaymentStatus,
} from '@cadran/domain/order-status';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ORDER_STATUS_TONES } from '@/features/orders/components/order-overview';
import { currentLanguage } from '@/lib/i18n';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={ORDER_STATUS_TONES[status]}>
      {translateMessage(orderStatusLabelKey(status), currentLanguage())}
    </Badge>
  );
}

export const paymentStatusLabel = (status: PaymentStatus) =>
  translateMessage(paymentStatusLabelKey(status), currentLanguage());

const LICENCE_TONES: Record<LicenseStatus, BadgeTone> = {
  active: 'success',
  grace: 'warning',
  expired: 'danger',
  suspended: 'warning',
  revoked: 'neutral',
};

export function LicenceStatusBadge({ status }: { status: LicenseStatus }) {
  return (
    <Badge tone={LICENCE_TONES[status]}>
      {translateMessage(`license.status.${status}`, currentLanguage())}
    </Badge>
  );
}
