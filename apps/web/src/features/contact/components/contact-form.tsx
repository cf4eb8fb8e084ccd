import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '@cadran/domain/constants';
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  ContactMessageSchema,
  contactSubjectLabelKey,
  type ContactMessage,
  type ContactMessageInput,
} from '@cadran/domain/contact';
import { translateMessage } from '@cadran/domain/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describedBy, FormField, inputClasses } from '@/components/ui/form-field';
import { isApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useSendContactMessage } from '../api/send-contact-message';

type Field = Exclude<keyof ContactMessageInput, 'website'>;
const FIELDS: readonly Field[] = ['name', 'email', 'company', 'subject', 'message'];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

type Outcome = { tone: 'success' | 'error'; title: string; text: string } | null;

/**
 * Spec 2 'Contact' form with the rules of spec 5: the shared ContactMessageSchema validates
 * and trims (its message keys become the French or English texts), the server's field errors
 * land under their fields, and spec 8's success and failure messages follow the server's
 * own message when it sends one. `website` is the honeypot: hidden from people, left for bots.
 */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const language = currentLanguage();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: { name: '', email: '', company: '', message: '', website: '' },
  });

  const fieldId = (name: string) => `${id}-${name}`;
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

  const onSubmit = async (message: ContactMessage) => {
    setOutcome(null);
    try {
      const answer = await send.mutateAsync(message);
      reset();
      setOutcome({
        tone: 'success',
        title: answer.message || translateMessage('contact.sent', language),
        text: t('form.successFollowUp'),
      });
    } catch (error) {
      const serverErrors = isApiRequestError(error) ? error.errors : {};
      for (const [field, messages] of Object.entries(serverErrors)) {
        if (isField(field) && messages[0])
          setError(field, { type: 'server', message: messages[0] });
      }
      const rateLimited = isApiRequestError(error) && error.status === 429;
      const text = rateLimited
        ? t('form.rateLimited', { email: SUPPORT_EMAIL })
        : Object.keys(serverErrors).length > 0
          ? t('form.fixFields')
          : ((isApiRequestError(error) ? error.serverMessage : undefined) ??
            translateMessage('contact.send_failed', language));
      setOutcome({ tone: 'error', title: t('form.errorTitle'), text });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-labelledby={`${id}-title`}
      className="relative space-y-6"
    >
      <div>
        <h2 id={`${id}-title`} className="text-2xl">
          {t('form.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{t('form.requiredNote')}</p>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={fieldId('name')} label={t('form.name')} required error={errorText('name')}>
          <input
            type="text"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name + 20}
            className={inputClasses(!!errors.name)}
            {...aria('name')}
            {...register('name')}
          />
        </FormField>
        <FormField
          id={fieldId('email')}
          label={t('form.email')}
          required
          error={errorText('email')}
        >
          <input
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            className={inputClasses(!!errors.email)}
            {...aria('email')}
            {...register('email')}
          />
        </FormField>
        <FormField
          id={fieldId('company')}
          label={t('form.company')}
          note={t('form.optional')}
          error={errorText('company')}
        >
          <input
            type="text"
            autoComplete="organization"
            maxLength={CONTACT_LIMITS.company + 20}
            className={inputClasses(!!errors.company)}
            {...aria('company')}
            {...register('company')}
          />
        </FormField>
        <FormField
          id={fieldId('subject')}
          label={t('form.subject')}
          required
          error={errorText('subject')}
        >
          <select
            required
            defaultValue=""
            className={inputClasses(!!errors.subject)}
            {...aria('subject')}
            {...register('subject')}
          >
            <option value="">{t('form.subjectPlaceholder')}</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {translateMessage(contactSubjectLabelKey(subject), language)}
              </option>
            ))}
          </select>
        </FormField>
      </div>

      <FormField
        id={fieldId('message')}
        label={t('form.message')}
        required
        hint={t('form.messageHint')}
        error={errorText('message')}
      >
        <textarea
          rows={7}
          required
          maxLength={CONTACT_LIMITS.message + 100}
          className={inputClasses(!!errors.message)}
          {...aria('message', true)}
          {...register('message')}
        />
      </FormField>

      {/* Honeypot (spec 5 is silent; see ContactMessageSchema): off-screen and out of the tab order. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor={fieldId('website')}>{t('form.honeypot')}</label>
        <input
          id={fieldId('website')}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register('website')}
        />
      </div>

      <div aria-live="polite">
        {outcome && (
          <Alert tone={outcome.tone} title={outcome.title}>
            {outcome.text}
          </Alert>
        )}
      </div>

      <Button type="submit" size="lg" loading={send.isPending} className="w-full sm:w-auto">
        {send.isPending ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
