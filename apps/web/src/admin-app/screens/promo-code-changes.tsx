import { successEnvelope } from '@cadran/domain/api';
import { endOfShopDay, shopDay } from '@cadran/domain/paris-days';
import { PromoCodeAdminSchema, type PromoCodeAdmin } from '@cadran/domain/promo-codes';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { adminApi } from '../api/admin-api';
import { useAdminAction } from '../api/use-admin-mutation';

const Changed = successEnvelope({ data: PromoCodeAdminSchema });

/** A stored end as the date field shows it: its Paris day, the day the form wrote it for. */
const dayOf = (iso: string | null): string => (iso ? shopDay(new Date(iso)) : '');

/**
 * What staff may change on a code once created: switch it off or back on, and its end date and
 * limit of uses (its discount and targets stay as the orders placed with it were priced).
 */
export function PromoCodeChanges({ promo }: { promo: PromoCodeAdmin }) {
  const { t } = useTranslation('admin-content');
  const id = useId();
  const [ends, setEnds] = useState(dayOf(promo.ends_at));
  const [maxUses, setMaxUses] = useState(promo.max_uses === null ? '' : String(promo.max_uses));
  const change = useAdminAction(
    (body: Record<string, unknown>) => adminApi.patch(`/promo-codes/${promo.id}`, body, Changed),
    [['admin', 'promo-codes']],
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await change.run({
      // The whole last Paris day counts, as at creation.
      ends_at: ends ? endOfShopDay(ends).toISOString() : null,
      max_uses: maxUses.trim() ? Number(maxUses) : null,
    });
  };

  return (
    <div className="space-y-2">
      <Button
        size="sm"
        variant="outline"
        loading={change.pending}
        onClick={() => void change.run({ active: !promo.active })}
      >
        {t(promo.active ? 'promo.switchOff' : 'promo.switchOn', { code: promo.code })}
      </Button>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          {t('promo.editSummary')}
        </summary>
        <form
          onSubmit={(event) => void save(event)}
          aria-label={t('promo.edit', { code: promo.code })}
          className="mt-2 grid gap-2"
        >
          <label htmlFor={`${id}-ends`} className="text-sm font-semibold text-slate-900">
            {t('promo.ends')}
          </label>
          <input
            id={`${id}-ends`}
            type="date"
            value={ends}
            onChange={(event) => setEnds(event.target.value)}
            aria-describedby={`${id}-ends-hint`}
            className={inputClasses(false)}
          />
          <p id={`${id}-ends-hint`} className="text-xs text-slate-600">
            {t('promo.endsHint')}
          </p>
          <label htmlFor={`${id}-max`} className="text-sm font-semibold text-slate-900">
            {t('promo.maxUses')}
          </label>
          <input
            id={`${id}-max`}
            inputMode="numeric"
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
            aria-describedby={`${id}-max-hint`}
            className={inputClasses(false)}
          />
          <p id={`${id}-max-hint`} className="text-xs text-slate-600">
            {t('promo.maxUsesHint')}
          </p>
          <Button type="submit" size="sm" loading={change.pending}>
            {t('promo.save')}
          </Button>
        </form>
      </details>
      {change.failure && <Alert tone="error">{change.failure.message}</Alert>}
      {change.done && <Alert tone="success">{t('promo.saved', { code: promo.code })}</Alert>}
    </div>
  );
}
