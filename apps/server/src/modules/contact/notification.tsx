import { contactSubjectLabelKey } from '@cadran/domain/contact';
import { translateMessage } from '@cadran/domain/messages';
import { isDeliverableAddress, type MailInput } from '../../mail/queue';
import {
  Lines,
  MailButton,
  MailLayout,
  Panel,
  PanelLines,
  Paragraph,
  Title,
  composeMail,
  oneLine,
  type MailBrand,
} from '../../mail/templates';
import type { StoredContactMessage } from './repository';

/**
 * The mail that tells the support team a visitor wrote (docs/product.md 'Contact'). It is written
 * in French, the team's language, whatever the visitor's, and says which language to answer in.
 * The visitor's words are text to the template, never markup; fields shown on one line stay on
 * one line, so a name cannot fake another field.
 */
export function supportNotification(
  row: StoredContactMessage,
  brand: MailBrand,
): Promise<MailInput> {
  const subjectLabel = translateMessage(contactSubjectLabelKey(row.subject), 'fr');
  const answerIn = row.locale === 'en' ? 'anglais' : 'français';
  const received = row.createdAt.toLocaleString('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
  const name = oneLine(row.name);
  const replyable = isDeliverableAddress(row.email);
  const intro = 'Nouveau message reçu depuis le formulaire de contact du site.';
  return composeMail(
    {
      kind: 'contact_notification',
      to: brand.supportEmail,
      subject: `[Contact · ${subjectLabel}] ${name}`,
      // Support answers with "Reply": straight to the visitor, when the address can take mail.
      ...(replyable ? { replyTo: row.email } : {}),
    },
    <MailLayout lang="fr" brand={brand} preview={`${subjectLabel} · ${name}`}>
      <Paragraph>{intro}</Paragraph>
      <Lines
        lines={[
          `Sujet\u00a0: ${subjectLabel}`,
          `Nom\u00a0: ${name}`,
          `E-mail\u00a0: ${oneLine(row.email)}`,
          `Entreprise\u00a0: ${row.company ? oneLine(row.company) : '—'}`,
          `Langue de réponse\u00a0: ${answerIn}`,
          `Reçu le\u00a0: ${received}`,
          `Référence\u00a0: ${row.id}`,
        ]}
      />
      <Title>Message</Title>
      <Panel>
        <PanelLines plain lines={row.message.split(/\r\n|\r|\n/)} />
      </Panel>
      <Paragraph>
        {`Répondez directement à ${oneLine(row.email)} (engagement\u00a0: réponse sous 24\u00a0h ouvrées).`}
      </Paragraph>
      {replyable && <MailButton href={`mailto:${row.email}`}>{`Répondre à ${name}`}</MailButton>}
    </MailLayout>,
  );
}
