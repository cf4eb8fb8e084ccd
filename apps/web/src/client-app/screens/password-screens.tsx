import { PASSWORD_MIN } from '@cadran/domain/auth';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { forgotPassword, resetPassword } from '../api/account';
import { ScreenTitle } from '../components/screen';
import { Outcome, useSubmission } from '../components/submission';
import { TextField } from '../components/text-field';

/** Where a signed-out form sits: a card that reads as one step, its result above the fields. */
const FORM_CARD = 'space-y-5 rounded-card border border-slate-200 bg-white p-6';

/** A step of a forgotten password: its title, its form, and the way back to signing in. */
function PasswordStep({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('client');
  return (
    <div className="mx-auto max-w-xl">
      <ScreenTitle title={title} intro={intro} />
      {children}
      <p className="mt-6 text-sm">
        <Link className="font-semibold text-brand-700 underline" to="/sign-in">
          {t('forgot.back')}
        </Link>
      </p>
    </div>
  );
}

export function ForgotPasswordScreen() {
  const { t } = useTranslation('client');
  const [email, setEmail] = useState('');
  const { busy, outcome, run, fieldError } = useSubmission();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => forgotPassword(email.trim()), t('forgot.sent'), t('state.error'));
  };
  return (
    <PasswordStep title={t('forgot.title')} intro={t('forgot.intro')}>
      <form onSubmit={submit} className={FORM_CARD}>
        <Outcome outcome={outcome} />
        <TextField
          id="forgot-email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={fieldError('email')}
          required
        />
        <Button type="submit" loading={busy}>
          {t('forgot.submit')}
        </Button>
      </form>
    </PasswordStep>
  );
}

export function ResetPasswordScreen() {
  const { t } = useTranslation('client');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const { busy, outcome, run, fieldError } = useSubmission();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => resetPassword(token, password), t('reset.done'), t('state.error'));
  };
  return (
    <PasswordStep title={t('reset.title')} intro={t('reset.intro')}>
      {!token ? (
        <Alert tone="error">{t('reset.noToken')}</Alert>
      ) : (
        <form onSubmit={submit} className={FORM_CARD}>
          <Outcome outcome={outcome} />
          <TextField
            id="reset-password"
            label={t('fields.newPassword')}
            hint={t('fields.passwordHint', { min: PASSWORD_MIN })}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={fieldError('password')}
            required
          />
          <Button type="submit" loading={busy} disabled={outcome?.ok}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </PasswordStep>
  );
}
