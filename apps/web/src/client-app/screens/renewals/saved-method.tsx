import { useTranslation } from 'react-i18next';
import type { SavedMethod } from '@/lib/renewals/schemas';

/** "2028-04" or "2028-04-30…" -> "04/2028": a card's expiry as printed on the card. */
export function cardExpiry(expires: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(expires);
  return match ? `${match[2]}/${match[1]}` : expires;
}

/** The method on file in one line: its kind, the label the server gives it, its expiry. */
export function SavedMethodText({ method }: { method: SavedMethod | null }) {
  const { t } = useTranslation('renewals');
  if (!method) return <>{t('method.none')}</>;
  return (
    <>
      {t(`method.type.${method.type}`)} · {method.label}
      {method.expires && (
        <span className="block text-sm font-normal text-slate-600">
          {t('method.expires', { date: cardExpiry(method.expires) })}
        </span>
      )}
    </>
  );
}
