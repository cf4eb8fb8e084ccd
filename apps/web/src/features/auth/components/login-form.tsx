import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { LoginSchema, type Login } from '@cadran/domain/auth';
import { translateMessage, type MessageKey } from '@cadran/domain/messages';
import { CheckboxField, FormField } from '@/components/form/form-field';
import { useFormFields } from '@/components/form/use-form-fields';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { useAuthStore } from '../store/auth-store';

type LoginInput = z.input<typeof LoginSchema>;
const FILL_ALL = 'auth.fill_all_fields';

/**
 * Login tab (docs/product.md 'Accounts and sessions' ('Sign in and out')): email, password,
 * remember-me. Both fields are needed, else one 'fill all fields' message; a failure shows the
 * server's message or 'Erreur de connexion'.
 */
export function LoginForm({
  onSuccess,
  failureFallback,
}: {
  onSuccess?: (() => void) | undefined;
  /** What a failure without the server's message says ('Erreur de connexion' by default). */
  failureFallback?: MessageKey | undefined;
}) {
  const { t } = useTranslation('auth');
  const login = useAuthStore((state) => state.login);
  const form = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '', remember: false },
  });
  // 'Fill all fields' is said once for the form; other messages sit under their field.
  const { id, field } = useFormFields(form, { formLevelMessages: [FILL_ALL] });
  const { failure, submitting, onSubmit } = useFormSubmit(
    form,
    ['email', 'password'],
    async (payload) => {
      const result = await login(payload, failureFallback);
      if (result.ok) onSuccess?.();
      return result;
    },
  );
  const missing = Object.values(form.formState.errors).some((error) => error?.message === FILL_ALL);

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={`${id}-intro`} className="space-y-5">
      <p id={`${id}-intro`} className="text-slate-600">
        {t('login.intro')}
      </p>
      {(missing || failure) && (
        <Alert tone="error" title={t('login.errorTitle')}>
          {missing ? translateMessage(FILL_ALL, currentLanguage()) : failure}
        </Alert>
      )}
      <FormField label={t('fields.email')} required {...field('email')}>
        {(control) => <input type="email" inputMode="email" autoComplete="username" {...control} />}
      </FormField>
      <FormField label={t('fields.password')} required {...field('password')}>
        {(control) => <input type="password" autoComplete="current-password" {...control} />}
      </FormField>
      <CheckboxField label={t('login.remember')} {...field('remember')}>
        {(control) => <input type="checkbox" {...control} />}
      </CheckboxField>
      <Button type="submit" size="lg" fullWidth loading={submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
