import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import {
  changeEmail,
  changePassword,
  endOtherSessions,
  endSession,
  profileKey,
  sessionsKey,
  useSessions,
} from '../api/account';
import { ConfirmAction } from '../components/confirm-action';
import { Panel, QueryState, ScreenTitle } from '../components/screen';
import { Button } from '@/components/ui/button';
import { AccountForm, currentPasswordField } from '../components/account-form';

function EmailForm() {
  const { t } = useTranslation('client');
  const queryClient = useQueryClient();
  return (
    <AccountForm
      id="email-change"
      fields={[
        { name: 'new_email', label: t('security.newEmail'), type: 'email', autoComplete: 'email' },
        currentPasswordField(t('fields.currentPassword')),
      ]}
      submitLabel={t('security.changeEmail')}
      done={t('security.emailSent')}
      failed={t('state.error')}
      action={async (values) => {
        const answer = await changeEmail(values.new_email ?? '', values.password ?? '');
        // The profile now shows the address waiting for its link.
        await queryClient.invalidateQueries({ queryKey: profileKey });
        return answer;
      }}
    />
  );
}

function PasswordForm() {
  const { t } = useTranslation('client');
  const queryClient = useQueryClient();
  return (
    <AccountForm
      id="password-change"
      fields={[
        currentPasswordField(t('fields.currentPassword'), 'current_password'),
        {
          name: 'new_password',
          label: t('fields.newPassword'),
          type: 'password',
          autoComplete: 'new-password',
        },
      ]}
      submitLabel={t('security.changePassword')}
      done={t('security.passwordChanged')}
      failed={t('state.error')}
      action={async (values) => {
        const answer = await changePassword(
          values.current_password ?? '',
          values.new_password ?? '',
        );
        // Every other session has just ended.
        await queryClient.invalidateQueries({ queryKey: sessionsKey });
        return answer;
      }}
    />
  );
}

function Sessions() {
  const { t } = useTranslation('client');
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  if (!sessions.data) {
    return (
      <QueryState
        pending={sessions.isPending}
        error={sessions.error}
        retry={() => void sessions.refetch()}
      />
    );
  }
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {sessions.data.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span>
              <span className="font-semibold">{session.device ?? t('security.unknownDevice')}</span>{' '}
              {session.current && <Badge tone="brand">{t('security.thisDevice')}</Badge>}
              <span className="block text-sm text-slate-600">
                {t('security.lastSeen', {
                  date: formatDateTime(session.last_seen_at ?? session.created_at),
                })}
              </span>
            </span>
            {!session.current && (
              <ConfirmAction
                label={t('security.end')}
                title={t('security.endTitle')}
                description={t('security.endText')}
                confirmLabel={t('security.end')}
                onConfirm={async () => {
                  await endSession(session.id);
                  await reload();
                }}
              />
            )}
          </li>
        ))}
      </ul>
      {sessions.data.some((session) => !session.current) && (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void endOtherSessions().then(reload)}
        >
          {t('security.endOthers')}
        </Button>
      )}
    </>
  );
}

export function SecurityScreen() {
  const { t } = useTranslation('client');
  return (
    <>
      <ScreenTitle title={t('security.title')} intro={t('security.intro')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t('security.emailTitle')} id="security-email">
          <EmailForm />
        </Panel>
        <Panel title={t('security.passwordTitle')} id="security-password">
          <PasswordForm />
        </Panel>
      </div>
      <div className="mt-6">
        <Panel title={t('security.sessionsTitle')} id="security-sessions">
          <Sessions />
        </Panel>
      </div>
    </>
  );
}
