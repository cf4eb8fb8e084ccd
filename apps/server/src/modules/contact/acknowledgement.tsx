import type { Language } from '@cadran/domain/constants';
import { contactSubjectLabelKey } from '@cadran/domain/contact';
import { translateMessage } from '@cadran/domain/messages';
import type { MailInput } from '../../mail/queue';
import {
  MailtoLink,
  NoticeMail,
  Paragraph,
  composeMail,
  fill,
  filled,
  formatDate,
  type MailBrand,
} from '../../mail/templates';
import type { StoredContactMessage } from './repository';

const copy = {
  fr: {
    subject: 'Nous avons bien reçu votre message',
    greeting: 'Bonjour,',
    intro: 'Merci de nous avoir écrit : votre message est bien arrivé à l’équipe Cadran.',
    topic: 'Sujet : {topic}',
    received: 'Reçu le {date}',
    reference: 'Référence : {reference}',
    reply: 'Nous vous répondons à cette adresse sous 24 h ouvrées.',
    more: 'Pour ajouter quelque chose, répondez à ce message ou écrivez à {support}.',
    notYou:
      'Si vous n’avez pas écrit à Cadran, ignorez ce message : cette adresse a été saisie dans notre formulaire de contact.',
    signature: 'L’équipe Cadran',
  },
  en: {
    subject: 'We have received your message',
    greeting: 'Hello,',
    intro: 'Thank you for writing to us: your message has reached the Cadran team.',
    topic: 'Subject: {topic}',
    received: 'Received on {date}',
    reference: 'Reference: {reference}',
    reply: 'We will answer at this address within 24 working hours.',
    more: 'To add something, reply to this message or write to {support}.',
    notYou:
      'If you did not write to Cadran, ignore this message: this address was typed into our contact form.',
    signature: 'The Cadran team',
  },
} as const satisfies Record<Language, Record<string, string>>;

/**
 * The acknowledgement a visitor receives for a contact message (docs/product.md 'Contact'), in
 * the language they wrote in. It names the subject chosen from the form's list, the date and the
 * reference, never the words typed (not even the name): anyone may type any address into the
 * form, and the store must not carry a stranger's text to it.
 */
export function contactAcknowledgement(
  row: StoredContactMessage,
  brand: MailBrand,
): Promise<MailInput> {
  const lang: Language = row.locale === 'en' ? 'en' : 'fr';
  const c = copy[lang];
  return composeMail(
    {
      kind: 'contact_acknowledgement',
      to: row.email,
      subject: c.subject,
      replyTo: brand.supportEmail,
    },
    <NoticeMail
      lang={lang}
      brand={brand}
      greeting={c.greeting}
      intro={c.intro}
      subject={[
        fill(c.topic, { topic: translateMessage(contactSubjectLabelKey(row.subject), lang) }),
        fill(c.received, { date: formatDate(row.createdAt, lang) }),
        fill(c.reference, { reference: row.id }),
      ]}
      signature={c.signature}
      footer={<Paragraph muted>{c.notYou}</Paragraph>}
    >
      <Paragraph>{c.reply}</Paragraph>
      <Paragraph>
        {filled(c.more, { support: <MailtoLink address={brand.supportEmail} /> })}
      </Paragraph>
    </NoticeMail>,
  );
}
