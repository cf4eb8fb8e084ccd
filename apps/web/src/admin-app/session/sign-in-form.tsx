import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LoginSchema, type Login } from '@cadran/domain/auth';
import { FormField } from '@/components/form/form-field';
import { useFormFields } from '@/components/form/use-form-fields';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { loginRequest } from '@/features/auth/api/login';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { submitFailure } from '@/lib/submit-failure';
import { AuthFrame } from './auth-frame';
import { useStaffSession } from './session-store';

type LoginInput = z.input<typeof LoginSchema>;

/**
 * Staff sign in with the site's own form and password (docs/product.md 'Back office'
 * ('Staff sign-in')); staff sessions are never remembered, so there is no such box.
 */
export function SignInForm({ expired }: { expired: boolean }) {
  const { t } = useTranslation('admin');
  const check = useStaffSession((store) => store.check);
  const form = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { field } = useFormFields(form);
  const { failure, submitting, onSubmit } = useFormSubmit(
    form,
    ['email', 'password'],
    async (payload) => {
      try {
        await loginRequest(payload);
      } catch (error) {
        return submitFailure(error, t('signIn.failed'));
      }
      await check();
      return { ok: true };
    },
  );

  return (
    <AuthFrame title={t('signIn.title')}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {expired && !failure && <Alert tone="warning">{t('signIn.expired')}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <FormField label={t('signIn.email')} required {...field('email')}>
          {(control) => (
            <input type="email" inputMode="email" autoComplete="username" {...control} />
          )}
        </FormField>
        <FormField label={t('signIn.password')} required {...field('password')}>
          {(control) => <input type="password" autoComplete="current-password" {...control} />}
        </FormField>
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {t('signIn.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
}
