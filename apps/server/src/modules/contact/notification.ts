import { contactSubjectLabelKey } from '@cadran/domain/contact';
import { translateMessage } from '@cadran/domain/messages';
import { isDeliverableAddress, type MailInput } from '../../mail/queue';
import type { StoredContactMessage } from './repository';

/**
 * The mail that tells the support team a visitor wrote (docs/product.md 'Contact'). It is written
 * in French, the team's language, whatever the visitor's, and says which language to answer in.
 * Plain text only: the visitor's words are never interpreted as HTML.
 */
/** Fields shown on one line stay on one line, so a name cannot fake another field. */
const oneLine = (text: string): string => text.replace(/[\r\n\t]+/g, ' ').trim();

export function supportNotification(row: StoredContactMessage, supportEmail: string): MailInput {
  const subjectLabel = translateMessage(contactSubjectLabelKey(row.subject), 'fr');
  const answerIn = row.locale === 'en' ? 'anglais' : 'français';
  const received = row.createdAt.toLocaleString('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
  const lines = [
    'Nouveau message reçu depuis le formulaire de contact du site.',
    '',
    `Sujet : ${subjectLabel}`,
    `Nom : ${oneLine(row.name)}`,
    `Email : ${row.email}`,
    `Entreprise : ${row.company ? oneLine(row.company) : '—'}`,
    `Langue de réponse : ${answerIn}`,
    `Reçu le : ${received}`,
    `Référence : ${row.id}`,
    '',
    '----- Message -----',
    row.message,
    '-------------------',
    '',
    `Répondez directement à ${row.email} (engagement : réponse sous 24 h ouvrées).`,
  ];
  return {
    kind: 'contact_notification',
    to: supportEmail,
    subject: `[Contact · ${subjectLabel}] ${oneLine(row.name)}`,
    text: lines.join('\n'),
    // Support answers with "Reply": straight to the visitor, when the address can take mail.
    ...(isDeliverableAddress(row.email) ? { replyTo: row.email } : {}),
  };
}
