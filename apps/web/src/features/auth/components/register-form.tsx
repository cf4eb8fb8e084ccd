import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_REGISTER_FORM,
  PASSWORD_MIN,
  RegisterFormSchema,
  toRegisterPayload,
  type RegisterForm as RegisterFormOutput,
} from '@cadran/domain/auth';
import { CountryOptions } from '@/components/form/country-options';
import { CheckboxField, FormField } from '@/components/form/form-field';
import { useFormFields } from '@/components/form/use-form-fields';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { NewTabLink } from '@/components/ui/new-tab-link';
import { useAuthStore } from '../store/auth-store';

type RegisterValues = typeof EMPTY_REGISTER_FORM;
type Field = keyof RegisterValues;
const FIELDS = Object.keys(EMPTY_REGISTER_FORM) as Field[];

// The schema types `terms` as the literal true it demands; the checkbox starts unticked.
const resolver = zodResolver(RegisterFormSchema) as unknown as Resolver<
  RegisterValues,
  unknown,
  RegisterFormOutput
>;

type TextField = Exclude<Field, 'country' | 'terms'>;
const TEXT_FIELDS: ReadonlyArray<{
  name: TextField;
  type: 'text' | 'email' | 'tel' | 'password';
  autoComplete: string;
  wide?: boolean;
  optional?: boolean;
}> = [
  { name: 'firstname', type: 'text', autoComplete: 'given-name' },
  { name: 'lastname', type: 'text', autoComplete: 'family-name' },
  { name: 'company', type: 'text', autoComplete: 'organization', optional: true },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', type: 'email', autoComplete: 'email', wide: true },
  { name: 'address', type: 'text', autoComplete: 'street-address', wide: true },
  { name: 'city', type: 'text', autoComplete: 'address-level2' },
  { name: 'postal_code', type: 'text', autoComplete: 'postal-code' },
];

/**
 * Register tab (docs/product.md 'Accounts and sessions' ('Register')): the shared
 * RegisterFormSchema checks every field, that both passwords match and that the terms are
 * accepted; the button stays disabled until they are. A failure shows the server's message or
 * "Erreur d'inscription".
 */
export function RegisterForm({ onSuccess }: { onSuccess?: (() => void) | undefined }) {
  const { t } = useTranslation('auth');
  const signUp = useAuthStore((state) => state.register);
  const form = useForm<RegisterValues, unknown, RegisterFormOutput>({
    resolver,
    defaultValues: EMPTY_REGISTER_FORM,
  });
  const termsAccepted = useWatch({ control: form.control, name: 'terms' });
  const { id, field } = useFormFields(form);
  const { failure, submitting, onSubmit } = useFormSubmit(form, FIELDS, async (values) => {
    const result = await signUp(toRegisterPayload(values));
    if (result.ok) onSuccess?.();
    return result;
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={`${id}-intro`} className="space-y-6">
      <div id={`${id}-intro`} className="space-y-1">
        <p className="text-slate-600">{t('register.intro')}</p>
        <p className="text-sm text-slate-600">{t('register.requiredNote')}</p>
      </div>
      {failure && (
        <Alert tone="error" title={t('register.errorTitle')}>
          {failure}
        </Alert>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, type, autoComplete, optional, wide }) => (
          <FormField
            key={name}
            label={t(`fields.${name}`)}
            required={!optional}
            note={optional ? t('fields.optional') : undefined}
            className={wide ? 'sm:col-span-2' : undefined}
            {...field(name)}
          >
            {(control) => (
              <input
                type={type}
                autoComplete={autoComplete}
                {...(type === 'email' ? { inputMode: 'email' as const } : {})}
                {...control}
              />
            )}
          </FormField>
        ))}
        <FormField
          label={t('fields.country')}
          required
          className="sm:col-span-2"
          {...field('country')}
        >
          {(control) => (
            <select autoComplete="country" {...control}>
              <CountryOptions />
            </select>
          )}
        </FormField>
        <FormField
          label={t('fields.password')}
          required
          hint={t('register.passwordHint', { min: PASSWORD_MIN })}
          {...field('password')}
        >
          {(control) => (
            <input
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN}
              {...control}
            />
          )}
        </FormField>
        <FormField
          label={t('fields.password_confirmation')}
          required
          {...field('password_confirmation')}
        >
          {(control) => <input type="password" autoComplete="new-password" {...control} />}
        </FormField>
      </div>

      <CheckboxField
        required
        label={
          <>
            {t('register.termsBefore')}
            <NewTabLink href="/legal/terms">{t('register.termsLink')}</NewTabLink>
            {t('register.termsAfter')}
          </>
        }
        {...field('terms')}
      >
        {(control) => <input type="checkbox" {...control} />}
      </CheckboxField>

      <div>
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={submitting}
          disabled={!termsAccepted}
          aria-describedby={termsAccepted ? undefined : `${id}-terms-hint`}
        >
          {submitting ? t('register.submitting') : t('register.submit')}
        </Button>
        {!termsAccepted && (
          <p id={`${id}-terms-hint`} className="mt-2 text-center text-sm text-slate-600">
            {t('register.termsHint')}
          </p>
        )}
      </div>
    </form>
  );
}
