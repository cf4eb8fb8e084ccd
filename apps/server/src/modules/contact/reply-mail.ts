import type { Language } from '@cadran/domain/constants';
import { contactSubjectLabelKey } from '@cadran/domain/contact';
import { translateMessage } from '@cadran/domain/messages';
import type { MailInput } from '../../mail/queue';
import type { StoredContactMessage } from './repository';

/**
 * The e-mail that carries a staff reply to a contact message (docs/product.md 'Back office'
 * ('Messages')), in the language the sender wrote from. Plain text: neither the reply nor the
 * quoted message is ever read as HTML. Answering it reaches the support address.
 */

const COPY: Record<
  Language,
  { subject: string; greeting: string; signature: string; quoted: string }
> = {
  fr: {
    subject: 'Réponse à votre message',
    greeting: 'Bonjour',
    signature: 'L’équipe Cadran',
    quoted: 'Votre message du {date} :',
  },
  en: {
    subject: 'Reply to your message',
    greeting: 'Hello',
    signature: 'The Cadran team',
    quoted: 'Your message of {date}:',
  },
};

const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').trim();

export function contactReplyMail(
  message: StoredContactMessage,
  body: string,
  supportEmail: string,
): MailInput {
  const lang: Language = message.locale;
  const copy = COPY[lang];
  const subjectLabel = translateMessage(contactSubjectLabelKey(message.subject), lang);
  const sent = message.createdAt.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    kind: 'contact_reply',
    to: message.email,
    subject: `${copy.subject} · ${subjectLabel}`,
    text: [
      `${copy.greeting} ${oneLine(message.name)},`,
      '',
      body,
      '',
      '--',
      copy.signature,
      '',
      copy.quoted.replace('{date}', sent),
      quoted,
    ].join('\n'),
    replyTo: supportEmail,
  };
}
