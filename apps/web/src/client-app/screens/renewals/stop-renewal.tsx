import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import type { RenewingLicence } from '@/lib/renewals/schemas';
import { setAutoRenew } from '../../api/renewals';
import { ConfirmAction } from '../../components/confirm-action';

/**
 * "Résilier le renouvellement", the online termination the consumer code asks for: one click
 * opens the confirmation, which says the licence runs to its term, and a second one stops it.
 * Shown wherever the licence is listed, so it is never more than three clicks away.
 */
export function StopRenewalButton({
  licence,
  onStopped,
}: {
  licence: RenewingLicence;
  onStopped: () => Promise<unknown>;
}) {
  const { t } = useTranslation('renewals');
  if (!licence.auto_renew?.enabled) return null;
  return (
    <ConfirmAction
      label={t('stop.button')}
      title={t('stop.title', { name: licence.template.name })}
      description={
        licence.expires_at
          ? t('stop.text', { date: formatDate(licence.expires_at) })
          : t('stop.textNoTerm')
      }
      confirmLabel={t('stop.confirm')}
      onConfirm={async () => {
        await setAutoRenew(licence.id, false);
        await onStopped();
      }}
    />
  );
}
