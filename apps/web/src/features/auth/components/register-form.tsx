import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_REGISTER_FORM,
  PASSWORD_MIN,
  RegisterFormSchema,
  toRegisterPayload,
  type RegisterForm as RegisterFormOutput,
} from '@cadran/domain/auth';
import { translateMessage } from '@cadran/domain/messages';
import { COUNTRIES, countryName } from '@cadran/domain/vat';
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

type RegisterValues = typeof EMPTY_REGISTER_FORM;
type Field = keyof RegisterValues;
const FIELDS = Object.keys(EMPTY_REGISTER_FORM) as Field[];
const isField = (name: string): name is Field => (FIELDS as string[]).includes(name);

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
 * Register tab (spec 2 'Checkout' fields, spec 5 rules): the shared RegisterFormSchema checks
 * every field, that both passwords match and that the terms are accepted; the button stays
 * disabled until they are. Spec 8: a failure shows the server's message or "Erreur d'inscription".
 */
export function RegisterForm({ onSuccess }: { onSuccess?: (() => void) | undefined }) {
  const { t } = useTranslation('auth');
  const language = currentLanguage();
  const id = useId();
  const signUp = useAuthStore((state) => state.register);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues, unknown, RegisterFormOutput>({
    resolver,
    defaultValues: EMPTY_REGISTER_FORM,
  });
  const termsAccepted = useWatch({ control, name: 'terms' });

  const fieldId = (name: Field) => `${id}-${name}`;
  const errorText = (name: Field) => {
    const key = errors[name]?.message;
    return key ? translateMessage(key, language) : undefined;
  };
  const aria = (name: Field, hint = false) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(
      hint && `${fieldId(name)}-hint`,
      errors[name] && `${fieldId(name)}-error`,
    ),
  });

  const onSubmit = async (form: RegisterFormOutput) => {
    setFailure(null);
    const result = await signUp(toRegisterPayload(form));
    if (result.ok) {
      onSuccess?.();
      return;
    }
    for (const [field, messages] of Object.entries(result.errors)) {
      if (isField(field) && messages[0]) setError(field, { type: 'server', message: messages[0] });
    }
    setFailure(result.message);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-describedby={`${id}-intro`}
      className="space-y-6"
    >
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
        {TEXT_FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={fieldId(field.name)}
            label={t(`fields.${field.name}`)}
            required={!field.optional}
            note={field.optional ? t('fields.optional') : undefined}
            error={errorText(field.name)}
            className={field.wide ? 'sm:col-span-2' : undefined}
          >
            <input
              type={field.type}
              autoComplete={field.autoComplete}
              required={!field.optional}
              {...(field.type === 'email' ? { inputMode: 'email' as const } : {})}
              className={inputClasses(!!errors[field.name])}
              {...aria(field.name)}
              {...register(field.name)}
            />
          </FormField>
        ))}
        <FormField
          id={fieldId('country')}
          label={t('fields.country')}
          required
          error={errorText('country')}
          className="sm:col-span-2"
        >
          <select
            required
            autoComplete="country"
            className={inputClasses(!!errors.country)}
            {...aria('country')}
            {...register('country')}
          >
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {countryName(country, language)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={fieldId('password')}
          label={t('fields.password')}
          required
          hint={t('register.passwordHint', { min: PASSWORD_MIN })}
          error={errorText('password')}
        >
          <input
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            className={inputClasses(!!errors.password)}
            {...aria('password', true)}
            {...register('password')}
          />
        </FormField>
        <FormField
          id={fieldId('password_confirmation')}
          label={t('fields.password_confirmation')}
          required
          error={errorText('password_confirmation')}
        >
          <input
            type="password"
            autoComplete="new-password"
            required
            className={inputClasses(!!errors.password_confirmation)}
            {...aria('password_confirmation')}
            {...register('password_confirmation')}
          />
        </FormField>
      </div>

      <CheckboxField
        id={fieldId('terms')}
        error={errorText('terms')}
        label={
          <>
            {t('register.termsBefore')}
            <a
              href="/legal/terms"
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              {t('register.termsLink')}
              <span className="sr-only"> {t('register.newTab')}</span>
            </a>
            {t('register.termsAfter')}
          </>
        }
      >
        <input
          type="checkbox"
          required
          className={checkboxClasses}
          {...aria('terms')}
          {...register('terms')}
        />
      </CheckboxField>

      <div>
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={isSubmitting}
          disabled={!termsAccepted}
          aria-describedby={termsAccepted ? undefined : `${id}-terms-hint`}
        >
          {isSubmitting ? t('register.submitting') : t('register.submit')}
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
