import type { Language } from '@cadran/domain/constants';
import { LICENSE_GRACE_DAYS, type ReminderStage } from '@cadran/domain/licenses';
import { clientAreaPath } from '@cadran/domain/localized-path';
import type { MailInput } from '../../mail/queue';
import {
  Code,
  MailButton,
  MailtoLink,
  NoticeMail,
  Paragraph,
  composeMail,
  fill,
  filled,
  formatDate,
  oneLine,
  type MailBrand,
} from '../../mail/templates';

/** Words of the expiry reminder, in the client's language. */
const reminderCopy = {
  fr: {
    subject: 'Votre licence Cadran CMS {key} expire le {date}',
    greeting: 'Bonjour {name},',
    intro: 'Votre licence Cadran CMS {name} ({key}) expire le {date}, dans {days}.',
    days: (days: number) => (days === 1 ? '1 jour' : `${days} jours`),
    domains: 'Domaines : {domains}',
    installations: 'Installations actives : {active} sur {limit}',
    renew:
      'Renouvelez-la depuis votre espace client pour garder les mises à jour et le support : la même clé est prolongée d’une période à partir de sa date d’expiration, rien n’est à réinstaller.',
    button: 'Renouveler ma licence',
    grace:
      'Sans renouvellement, vos installations continuent de fonctionner {grace} jours après l’expiration (période de grâce), puis la licence n’est plus valide.',
    support:
      'Une question ? Notre support vous répond du lundi au vendredi, de 9 h à 18 h : {support}',
    signature: 'L’équipe Cadran',
  },
  en: {
    subject: 'Your Cadran CMS licence {key} expires on {date}',
    greeting: 'Hello {name},',
    intro: 'Your Cadran CMS licence {name} ({key}) expires on {date}, in {days}.',
    days: (days: number) => (days === 1 ? '1 day' : `${days} days`),
    domains: 'Domains: {domains}',
    installations: 'Active installations: {active} of {limit}',
    renew:
      'Renew it from your client area to keep updates and support: the same key is extended by one term from its expiry date, nothing to reinstall.',
    button: 'Renew my licence',
    grace:
      'Without a renewal, your installations keep working for {grace} days after the expiry (grace period), then the licence is no longer valid.',
    support: 'Any question? Our support team answers Monday to Friday, 9am to 6pm: {support}',
    signature: 'The Cadran team',
  },
} as const;

export interface ReminderMailContext {
  recipient: { email: string; firstName: string; language: Language };
  licence: {
    key: string;
    templateName: string;
    expiresAt: Date;
    domains: readonly string[];
    activeInstances: number;
    installationLimit: number;
  };
  stage: ReminderStage;
  /** The site (the client area's link), the support address and the footer. */
  brand: MailBrand;
}

/**
 * The reminder sent 30, 7 and 1 days before a licence expires (docs/product.md 'E-mails'), to
 * the account's own address in the account's language.
 */
export function licenseReminderMail(ctx: ReminderMailContext): Promise<MailInput> {
  const lang = ctx.recipient.language;
  const c = reminderCopy[lang];
  const { licence, brand } = ctx;
  const date = formatDate(licence.expiresAt, lang);
  const intro = fill(c.intro, {
    name: oneLine(licence.templateName),
    key: licence.key,
    date,
    days: c.days(ctx.stage),
  });
  return composeMail(
    {
      kind: 'license_reminder',
      to: ctx.recipient.email,
      subject: fill(c.subject, { key: licence.key, date }),
    },
    <NoticeMail
      lang={lang}
      brand={brand}
      greeting={fill(c.greeting, { name: oneLine(ctx.recipient.firstName) })}
      intro={intro}
      subject={[
        <Code key="key">{licence.key}</Code>,
        fill(c.domains, { domains: licence.domains.join(', ') || '-' }),
        fill(c.installations, {
          active: licence.activeInstances,
          limit: licence.installationLimit,
        }),
      ]}
      signature={c.signature}
    >
      <Paragraph>{c.renew}</Paragraph>
      <MailButton href={`${brand.publicUrl}${clientAreaPath('/', lang)}`}>{c.button}</MailButton>
      <Paragraph muted>{fill(c.grace, { grace: LICENSE_GRACE_DAYS })}</Paragraph>
      <Paragraph>
        {filled(c.support, { support: <MailtoLink address={brand.supportEmail} /> })}
      </Paragraph>
    </NoticeMail>,
  );
}
