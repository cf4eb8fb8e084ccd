import { z } from 'zod';
import { LANGUAGES } from './constants';
import { clean, emailField, invalidInput, optionalText, requiredText } from './fields';
import type { MessageKey } from './messages';

/** Subject options of a contact message (docs/product.md 'Contact'). */
export const CONTACT_SUBJECTS = ['information', 'demo', 'support', 'partnership', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const contactSubjectLabelKey = (subject: ContactSubject): MessageKey =>
  `contact.subject.${subject}`;

export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  company: 120,
  message: 5000,
  message_min: 10,
} as const;

/**
 * Contact form (docs/product.md 'Contact'): values trimmed, required checks before format checks,
 * message at least 10 characters after trimming. `website` is a honeypot a person never fills in:
 * the server accepts the field so bots get a normal answer, and drops the message when it is set.
 */
export const ContactMessageSchema = z.object(
  {
    name: requiredText('contact.name.required', CONTACT_LIMITS.name, 'contact.name.too_long'),
    email: emailField({
      required: 'contact.email.required',
      invalid: 'contact.email.invalid',
      tooLong: 'contact.email.too_long',
    }),
    company: optionalText(CONTACT_LIMITS.company, 'contact.company.too_long'),
    subject: z.enum(CONTACT_SUBJECTS, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'contact.subject.required'
          : 'contact.subject.invalid',
    }),
    message: z
      .string({ error: 'contact.message.required' })
      .trim()
      .min(1, { error: 'contact.message.required', ...clean })
      .min(CONTACT_LIMITS.message_min, { error: 'contact.message.too_short', ...clean })
      .max(CONTACT_LIMITS.message, { error: 'contact.message.too_long', ...clean }),
    website: z.string(invalidInput).max(500, invalidInput).optional(),
  },
  invalidInput,
);
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** True when the honeypot was filled in, i.e. the sender is almost certainly a bot. */
export const isHoneypotTripped = (message: Pick<ContactMessage, 'website'>): boolean =>
  (message.website ?? '').trim() !== '';

/**
 * Newsletter sign-up (docs/product.md 'Newsletter'): a non-empty email; the locale picks the
 * language of later mails.
 */
export const NewsletterSubscribeSchema = z.object(
  {
    email: emailField(
      { required: 'newsletter.email.required', invalid: 'newsletter.email.invalid' },
      { lowercase: true },
    ),
    locale: z.enum(LANGUAGES, invalidInput).optional(),
  },
  invalidInput,
);
export type NewsletterSubscribe = z.infer<typeof NewsletterSubscribeSchema>;
