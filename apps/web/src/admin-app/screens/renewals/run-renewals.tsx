import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { adminApi } from '../../api/admin-api';
import { RenewalRunSchema } from '../../api/renewal-schemas';
import { useAdminAction } from '../../api/use-admin-mutation';
import { Panel } from '../../ui/panel';

/** What the form sends: an instant to run as of, or nothing for now. */
export function runBody(asOf: string): { as_of?: string } {
  if (asOf === '') return {};
  const when = new Date(asOf);
  return Number.isNaN(when.getTime()) ? { as_of: asOf } : { as_of: when.toISOString() };
}

/**
 * Charges every renewal that is due now, as the scheduled job does. Outside production the run
 * may pretend to be at another instant, to show months of renewals in a minute; production
 * refuses that date and says so.
 */
export function RunRenewals() {
  const { t } = useTranslation('admin-renewals');
  const [asOf, setAsOf] = useState('');
  const run = useAdminAction(
    (body: { as_of?: string }) => adminApi.post('/renewals/run', body, RenewalRunSchema),
    [
      ['admin', 'renewals'],
      ['admin', 'dashboard'],
    ],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run.run(runBody(asOf));
  };
  return (
    <Panel title={t('run.title')}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="renewals-as-of" className="block text-sm font-semibold text-slate-900">
            {t('run.asOf')}
          </label>
          <input
            id="renewals-as-of"
            type="datetime-local"
            value={asOf}
            onChange={(event) => setAsOf(event.target.value)}
            aria-describedby="renewals-as-of-hint"
            className={`mt-1 ${inputClasses(Boolean(run.failure?.errors.as_of))}`}
          />
          <p id="renewals-as-of-hint" className="mt-1 max-w-md text-xs text-slate-600">
            {t('run.asOfHint')}
          </p>
        </div>
        <Button type="submit" loading={run.pending}>
          {t('run.button')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        {run.failure && <Alert tone="error">{run.failure.message}</Alert>}
        {run.result && !run.failure && (
          <p role="status" className="text-sm font-medium text-emerald-800">
            {t('run.done', {
              charged: t('run.charged', { count: run.result.charged }),
              failed: t('run.failed', { count: run.result.failed }),
              skipped: t('run.skipped', { count: run.result.skipped }),
            })}
          </p>
        )}
      </div>
    </Panel>
  );
}
