import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NeedsScriptNote } from '@/components/ui/needs-script-note';
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  ContactMessageSchema,
  contactSubjectLabelKey,
  type ContactMessage,
  type ContactMessageInput,
} from '@cadran/domain/contact';
import { translateMessage } from '@cadran/domain/messages';
import { FormField } from '@/components/form/form-field';
import { useFormFields } from '@/components/form/use-form-fields';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { valuesAfterSending } from '@/components/form/values-after-sending';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTexts } from '@/islands/texts';
import { submitFailure, type SubmitResult } from '@/lib/submit-failure';
import { sendContactMessage } from '../api/send-contact-message';

const FIELDS = ['name', 'email', 'company', 'subject', 'message'] as const;
const EMPTY: Partial<ContactMessageInput> = {
  name: '',
  email: '',
  company: '',
  message: '',
  website: '',
};

/**
 * Contact form (docs/product.md 'Contact'): the shared ContactMessageSchema validates
 * and trims (its message keys become the French or English texts), the server's field errors
 * land under their fields, and the success and failure messages follow the server's
 * own message when it sends one. Once a message is sent the form is emptied, but for what the
 * visitor typed while it was being sent. `website` is the honeypot: hidden from people, left for bots.
 * An island on the contact page (docs/decisions/048-islands-on-public-pages.md): its texts come
 * through `useTexts`, and it sends through the API client alone.
 */
/** `supportEmail`: the address to write to when sending is refused for a while (429). */
export function ContactForm({ supportEmail }: { supportEmail: string }) {
  const { t, language } = useTexts('contact');
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: EMPTY,
  });
  const { id, fieldId, field } = useFormFields(form);
  const { failure, submitting, onSubmit } = useFormSubmit(
    form,
    FIELDS,
    async (message): Promise<SubmitResult> => {
      setSent(null);
      // As typed when sent (the schema's trimmed copy is what goes to the server).
      const typed = form.getValues();
      try {
        const answer = await sendContactMessage(message, language);
        form.reset(valuesAfterSending(form.getValues(), typed, EMPTY));
        setSent(answer.message || translateMessage('contact.sent', language));
        return { ok: true };
      } catch (error) {
        const failed = submitFailure(error, translateMessage('contact.send_failed', language));
        const text =
          failed.status === 429
            ? t('form.rateLimited', { email: supportEmail })
            : Object.keys(failed.errors).length > 0
              ? t('form.fixFields')
              : failed.message;
        return { ...failed, message: text };
      }
    },
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="relative space-y-6"
    >
      <NeedsScriptNote />
      <div>
        <h2 id={`${id}-title`} className="text-2xl">
          {t('form.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{t('form.requiredNote')}</p>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField label={t('form.name')} required {...field('name')}>
          {(control) => (
            <input
              type="text"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name + 20}
              {...control}
            />
          )}
        </FormField>
        <FormField label={t('form.email')} required {...field('email')}>
          {(control) => <input type="email" inputMode="email" autoComplete="email" {...control} />}
        </FormField>
        <FormField label={t('form.company')} note={t('form.optional')} {...field('company')}>
          {(control) => (
            <input
              type="text"
              autoComplete="organization"
              maxLength={CONTACT_LIMITS.company + 20}
              {...control}
            />
          )}
        </FormField>
        <FormField label={t('form.subject')} required {...field('subject')}>
          {(control) => (
            <select defaultValue="" {...control}>
              <option value="">{t('form.subjectPlaceholder')}</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {translateMessage(contactSubjectLabelKey(subject), language)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>

      <FormField
        label={t('form.message')}
        required
        hint={t('form.messageHint')}
        {...field('message')}
      >
        {(control) => <textarea rows={7} maxLength={CONTACT_LIMITS.message + 100} {...control} />}
      </FormField>

      {/* Honeypot (see ContactMessageSchema): off-screen and out of the tab order. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor={fieldId('website')}>{t('form.honeypot')}</label>
        <input
          id={fieldId('website')}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
        />
      </div>

      <div aria-live="polite">
        {sent && (
          <Alert tone="success" title={sent}>
            {t('form.successFollowUp')}
          </Alert>
        )}
        {failure && (
          <Alert tone="error" title={t('form.errorTitle')}>
            {failure}
          </Alert>
        )}
      </div>

      <Button type="submit" size="lg" loading={submitting} className="w-full sm:w-auto">
        {submitting ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
