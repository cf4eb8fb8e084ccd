import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { ACCOUNT_EXPORT_URL, deleteAccount } from '../api/account';
import { Panel, ScreenTitle } from '../components/screen';
import { TextField } from '../components/text-field';
import { Outcome, useSubmission } from './password-screens';

function DeleteAccount() {
  const { t } = useTranslation('client');
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const { busy, outcome, run, fieldError } = useSubmission();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        const answer = await deleteAccount(password);
        // The server ended the session: this browser forgets it too, then leaves for the site.
        await useAuthStore.getState().logout();
        window.location.assign('/');
        return answer;
      },
      t('privacy.deleted'),
      t('state.error'),
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-slate-700">{t('privacy.deleteText')}</p>
      <Outcome outcome={outcome} />
      <TextField
        id="privacy-password"
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={fieldError('password')}
        required
      />
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-5 accent-brand-600"
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
        />
        {t('privacy.understood')}
      </label>
      <Button
        type="submit"
        variant="danger"
        loading={busy}
        disabled={!understood || password === ''}
      >
        {t('privacy.delete')}
      </Button>
    </form>
  );
}

export function PrivacyScreen() {
  const { t } = useTranslation('client');
  return (
    <>
      <ScreenTitle title={t('privacy.title')} intro={t('privacy.intro')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('privacy.exportTitle')} id="privacy-export">
          <p className="mb-4 text-slate-700">{t('privacy.exportText')}</p>
          <a href={ACCOUNT_EXPORT_URL} download className={buttonClasses({ variant: 'outline' })}>
            {t('privacy.export')}
          </a>
        </Panel>
        <Panel title={t('privacy.deleteTitle')} id="privacy-delete">
          <DeleteAccount />
        </Panel>
      </div>
    </>
  );
}
