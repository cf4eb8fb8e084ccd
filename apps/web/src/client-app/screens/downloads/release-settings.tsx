import type { ReleasePreferences } from '@cadran/domain/release-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { downloadsKey, savePreferences } from '../../api/downloads';
import { failureMessage, Panel } from '../../components/screen';

const FIELDS = ['beta_opt_in', 'release_mail', 'in_progress_mail'] as const;

/** Beta releases and the e-mails about roadmap items the account voted for. */
export function ReleaseSettings({ preferences }: { preferences: ReleasePreferences }) {
  const { t } = useTranslation('client');
  const queryClient = useQueryClient();
  const [values, setValues] = useState(preferences);
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadsKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };
  return (
    <Panel title={t('downloads.settings.title')} id="release-settings">
      <form onSubmit={submit} className="space-y-3">
        {FIELDS.map((field) => (
          <div key={field} className="flex items-start gap-3 text-sm text-slate-800">
            <input
              id={`release-setting-${field}`}
              type="checkbox"
              name={field}
              aria-describedby={`release-setting-${field}-help`}
              className="mt-0.5 size-4 accent-brand-700"
              checked={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.checked })}
            />
            <div>
              <label htmlFor={`release-setting-${field}`} className="block font-semibold">
                {t(`downloads.settings.${field}`)}
              </label>
              <p id={`release-setting-${field}-help`} className="text-slate-600">
                {t(`downloads.settings.${field}_help`)}
              </p>
            </div>
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-3 pt-2">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {t('downloads.settings.save')}
          </Button>
          <p role="status" className="text-sm text-slate-700">
            {save.isSuccess ? save.data.message : ''}
          </p>
        </div>
        {save.isError && <Alert tone="error">{failureMessage(save.error, t('state.error'))}</Alert>}
      </form>
    </Panel>
  );
}
