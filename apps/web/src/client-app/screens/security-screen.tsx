import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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
import { TextField } from '../components/text-field';
import { Outcome, useSubmission } from './password-screens';

function EmailForm() {
  const { t } = useTranslation('client');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, outcome, run, fieldError } = useSubmission();
  const queryClient = useQueryClient();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        const answer = await changeEmail(email.trim(), password);
        // The profile now shows the address waiting for its link.
        await queryClient.invalidateQueries({ queryKey: profileKey });
        return answer;
      },
      t('security.emailSent'),
      t('state.error'),
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <Outcome outcome={outcome} />
      <TextField
        id="security-new-email"
        label={t('security.newEmail')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={fieldError('new_email')}
        required
      />
      <TextField
        id="security-email-password"
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={fieldError('password')}
        required
      />
      <Button type="submit" loading={busy}>
        {t('security.changeEmail')}
      </Button>
    </form>
  );
}

function PasswordForm() {
  const { t } = useTranslation('client');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { busy, outcome, run, fieldError } = useSubmission();
  const queryClient = useQueryClient();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(
      async () => {
        const answer = await changePassword(current, next);
        // Every other session has just ended.
        await queryClient.invalidateQueries({ queryKey: sessionsKey });
        return answer;
      },
      t('security.passwordChanged'),
      t('state.error'),
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <Outcome outcome={outcome} />
      <TextField
        id="security-current-password"
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        error={fieldError('current_password')}
        required
      />
      <TextField
        id="security-new-password"
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        error={fieldError('new_password')}
        required
      />
      <Button type="submit" loading={busy}>
        {t('security.changePassword')}
      </Button>
    </form>
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
