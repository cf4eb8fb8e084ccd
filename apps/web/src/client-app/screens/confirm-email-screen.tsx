import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/features/auth/store/auth-store';
import { confirmEmail, profileKey } from '../api/account';
import { ScreenTitle } from '../components/screen';
import { Outcome, useSubmission } from '../components/submission';

/** The link of a confirmation e-mail: the token is sent once, on arrival. */
export function ConfirmEmailScreen() {
  const { t } = useTranslation('client');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { busy, outcome, run } = useSubmission();
  const queryClient = useQueryClient();
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React draws the screen twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    void run(
      async () => {
        const answer = await confirmEmail(token);
        // The account's address may have just changed: this browser reads it again.
        await queryClient.invalidateQueries({ queryKey: profileKey });
        const session = useAuthStore.getState();
        if (session.status === 'authenticated') await session.checkSession();
        return answer;
      },
      t('confirm.done'),
      t('state.error'),
    );
  }, [token, run, t, queryClient]);

  return (
    <div className="mx-auto max-w-xl">
      <ScreenTitle title={t('confirm.title')} />
      {!token ? (
        <Alert tone="error">{t('confirm.noToken')}</Alert>
      ) : busy || !outcome ? (
        <Spinner label={t('confirm.checking')} />
      ) : (
        <Outcome outcome={outcome} />
      )}
      <LinkButton to="/" className="mt-6">
        {t('confirm.toArea')}
      </LinkButton>
    </div>
  );
}
