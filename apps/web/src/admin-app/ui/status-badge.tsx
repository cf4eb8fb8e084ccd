import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<string, BadgeTone> = {
  completed: 'success',
  succeeded: 'success',
  verified: 'success',
  format_checked: 'warning',
  rejected: 'danger',
  paid: 'success',
  active: 'success',
  confirmed: 'success',
  answered: 'success',
  processing: 'brand',
  deposited: 'brand',
  issued: 'brand',
  received: 'success',
  pending: 'warning',
  unpaid: 'warning',
  grace: 'warning',
  new: 'brass',
  suspended: 'warning',
  failed: 'danger',
  revoked: 'danger',
  refunded: 'neutral',
  cancelled: 'neutral',
  expired: 'neutral',
  archived: 'neutral',
  read: 'neutral',
  unsubscribed: 'neutral',
};

/** A status as a coloured label in the reader's language (`admin:status.<group>.<value>`). */
export function StatusBadge({ group, value }: { group: string; value: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge tone={TONES[value] ?? 'neutral'} className="whitespace-nowrap">
      {t(`status.${group}.${value}`, { defaultValue: value })}
    </Badge>
  );
}
