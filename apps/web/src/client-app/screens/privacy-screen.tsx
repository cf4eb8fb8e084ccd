import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { ACCOUNT_EXPORT_URL, deleteAccount } from '../api/account';
import { AccountForm, currentPasswordField } from '../components/account-form';
import { Panel, ScreenTitle } from '../components/screen';

function DeleteAccount() {
  const { t } = useTranslation('client');
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  return (
    <>
      <p className="mb-4 text-slate-700">{t('privacy.deleteText')}</p>
      <AccountForm
        id="privacy"
        fields={[currentPasswordField(t('fields.currentPassword'))]}
        submitLabel={t('privacy.delete')}
        done={t('privacy.deleted')}
        failed={t('state.error')}
        variant="danger"
        ready={(values) => understood && (values.password ?? '') !== ''}
        action={async (values) => {
          const answer = await deleteAccount(values.password ?? '');
          // The server ended the session: this browser forgets it too, then says it is done.
          await useAuthStore.getState().logout();
          void navigate('/account-deleted', { replace: true });
          return answer;
        }}
      >
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-brand-600"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
          />
          {t('privacy.understood')}
        </label>
      </AccountForm>
    </>
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
