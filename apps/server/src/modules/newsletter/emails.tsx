import type { Language } from '@cadran/domain/constants';
import type { MailInput } from '../../mail/queue';
import {
  MailButton,
  MailLayout,
  Paragraph,
  Signature,
  composeMail,
  type MailBrand,
} from '../../mail/templates';

/** Copy of the double opt-in mail, in the language the visitor used on the site. */
const copy = {
  fr: {
    subject: 'Confirmez votre inscription à la lettre d’information Cadran',
    greeting: 'Bonjour,',
    intro:
      'Vous avez demandé à recevoir la lettre d’information de Cadran CMS : nouveautés du produit, avancement de la feuille de route et conseils d’utilisation, une à deux fois par mois, sans publicité.',
    action: 'Pour confirmer votre inscription, ouvrez ce lien :',
    button: 'Confirmer mon inscription',
    expiry: 'Ce lien est valable 7 jours.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : sans confirmation, votre adresse ne recevra rien.',
    signature: 'L’équipe Cadran',
  },
  en: {
    subject: 'Confirm your subscription to the Cadran newsletter',
    greeting: 'Hello,',
    intro:
      'You asked to receive the Cadran CMS newsletter: product news, roadmap progress and practical tips, once or twice a month, with no advertising.',
    action: 'To confirm your subscription, open this link:',
    button: 'Confirm my subscription',
    expiry: 'This link is valid for 7 days.',
    ignore:
      'If you did not ask for this, simply ignore this message: without confirmation, your address will receive nothing.',
    signature: 'The Cadran team',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The double opt-in mail: the signed link that makes a subscription real. */
export function confirmationMail(
  to: string,
  language: Language,
  confirmUrl: string,
  brand: MailBrand,
): Promise<MailInput> {
  const c = copy[language];
  return composeMail(
    { kind: 'newsletter_confirmation', to, subject: c.subject },
    <MailLayout lang={language} brand={brand} preview={c.intro}>
      <Paragraph>{c.greeting}</Paragraph>
      <Paragraph>{c.intro}</Paragraph>
      <Paragraph>{c.action}</Paragraph>
      <MailButton href={confirmUrl}>{c.button}</MailButton>
      <Paragraph muted>
        {c.expiry} {c.ignore}
      </Paragraph>
      <Signature>{c.signature}</Signature>
    </MailLayout>,
  );
}
