import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { LoginSchema, type Login } from '@cadran/domain/auth';
import { translateMessage } from '@cadran/domain/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  CheckboxField,
  FormField,
  checkboxClasses,
  describedBy,
  inputClasses,
} from '@/components/ui/form-field';
import { currentLanguage } from '@/lib/i18n';
import { useAuthStore } from '../store/auth-store';

type LoginInput = z.input<typeof LoginSchema>;
type Field = keyof LoginInput;
const FILL_ALL = 'auth.fill_all_fields';

/**
 * Login tab (spec 2 'Checkout': email, password, remember-me). Spec 5: both fields are needed,
 * else one 'fill all fields' message; spec 8: a failure shows the server's message or
 * 'Erreur de connexion'.
 */
export function LoginForm({ onSuccess }: { onSuccess?: (() => void) | undefined }) {
  const { t } = useTranslation('auth');
  const language = currentLanguage();
  const id = useId();
  const login = useAuthStore((state) => state.login);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  const fieldId = (name: Field) => `${id}-${name}`;
  // 'Fill all fields' is said once for the form; other messages sit under their field.
  const fieldError = (name: Field) => {
    const key = errors[name]?.message;
    return key && key !== FILL_ALL ? translateMessage(key, language) : undefined;
  };
  const missing = Object.values(errors).some((error) => error?.message === FILL_ALL);
  const aria = (name: Field) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(fieldError(name) && `${fieldId(name)}-error`),
  });

  const onSubmit = async (payload: Login) => {
    setFailure(null);
    const result = await login(payload);
    if (result.ok) {
      onSuccess?.();
      return;
    }
    for (const [field, messages] of Object.entries(result.errors)) {
      if ((field === 'email' || field === 'password') && messages[0]) {
        setError(field, { type: 'server', message: messages[0] });
      }
    }
    setFailure(result.message);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-describedby={`${id}-intro`}
      className="space-y-5"
    >
      <p id={`${id}-intro`} className="text-slate-600">
        {t('login.intro')}
      </p>
      {(missing || failure) && (
        <Alert tone="error" title={t('login.errorTitle')}>
          {missing ? translateMessage(FILL_ALL, language) : failure}
        </Alert>
      )}
      <FormField
        id={fieldId('email')}
        label={t('fields.email')}
        required
        error={fieldError('email')}
      >
        <input
          type="email"
          inputMode="email"
          autoComplete="username"
          required
          className={inputClasses(!!errors.email)}
          {...aria('email')}
          {...register('email')}
        />
      </FormField>
      <FormField
        id={fieldId('password')}
        label={t('fields.password')}
        required
        error={fieldError('password')}
      >
        <input
          type="password"
          autoComplete="current-password"
          required
          className={inputClasses(!!errors.password)}
          {...aria('password')}
          {...register('password')}
        />
      </FormField>
      <CheckboxField id={fieldId('remember')} label={t('login.remember')}>
        <input
          type="checkbox"
          id={fieldId('remember')}
          className={checkboxClasses}
          {...register('remember')}
        />
      </CheckboxField>
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
