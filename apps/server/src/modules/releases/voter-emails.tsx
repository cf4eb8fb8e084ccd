import type { Language } from '@cadran/domain/constants';
import type { MailInput } from '../../mail/queue';
import { downloadsUrl } from './urls';
import {
  InlineLink,
  MailButton,
  NoticeMail,
  Paragraph,
  composeMail,
  fill,
  filled,
  oneLine,
  type MailBrand,
} from '../../mail/templates';

/** Words of the voters' e-mails, in the voter's language. */
const copy = {
  fr: {
    greeting: 'Bonjour {name},',
    shippedSubject: 'Livré dans Cadran CMS {version} : {item}',
    shippedIntro:
      'L’évolution pour laquelle vous avez voté sur notre feuille de route est livrée dans la version {version} de Cadran CMS :',
    included:
      'Votre licence {key} inclut cette version : téléchargez-la depuis votre espace client, ou laissez votre installation la proposer.',
    includedButton: 'Télécharger la version {version}',
    renewal:
      'Votre licence {key} ne couvre plus les versions publiées après la fin de ses mises à jour : un renouvellement inclut celle-ci.',
    renewalButton: 'Renouveler ma licence',
    noLicence:
      'Aucune de vos licences ne couvre cette version : une licence avec mises à jour l’inclut.',
    noLicenceButton: 'Voir les licences',
    notes: 'Toutes les nouveautés de la version : {link}',
    notesLink: 'le journal des versions',
    progressSubject: 'En cours de développement : {item}',
    progressIntro:
      'L’évolution pour laquelle vous avez voté sur notre feuille de route est maintenant en cours de développement :',
    progressNext: 'Nous vous écrirons à nouveau quand elle sera livrée.',
    roadmapButton: 'Voir la feuille de route',
    why: 'Vous recevez cet e-mail parce que vous avez voté pour cette évolution. {unsubscribe} ou réglez ces e-mails dans {settings}.',
    unsubscribe: 'Se désabonner',
    settings: 'votre espace client',
    signature: 'L’équipe Cadran',
  },
  en: {
    greeting: 'Hello {name},',
    shippedSubject: 'Shipped in Cadran CMS {version}: {item}',
    shippedIntro: 'The roadmap item you voted for has shipped in version {version} of Cadran CMS:',
    included:
      'Your licence {key} includes this release: download it from your client area, or let your installation offer it.',
    includedButton: 'Download version {version}',
    renewal:
      'Your licence {key} no longer covers releases published after its updates ended: a renewal includes this one.',
    renewalButton: 'Renew my licence',
    noLicence: 'None of your licences covers this release: a licence with updates includes it.',
    noLicenceButton: 'See the licences',
    notes: 'Everything new in this release: {link}',
    notesLink: 'the changelog',
    progressSubject: 'In progress: {item}',
    progressIntro: 'The roadmap item you voted for is now in progress:',
    progressNext: 'We will write again when it ships.',
    roadmapButton: 'See the roadmap',
    why: 'You receive this e-mail because you voted for this item. {unsubscribe} or set these e-mails in {settings}.',
    unsubscribe: 'Unsubscribe',
    settings: 'your client area',
    signature: 'The Cadran team',
  },
} as const;

export interface Voter {
  email: string;
  firstName: string;
  language: Language;
}

/** What the voter's licences make of the release. */
export type VoterAccess =
  | { kind: 'included'; key: string }
  | { kind: 'after_renewal'; key: string; renewUrl: string }
  | { kind: 'none' };

export interface ShippedMailContext {
  voter: Voter;
  item: string;
  version: string;
  access: VoterAccess;
  changelogUrl: string;
  unsubscribeUrl: string;
  brand: MailBrand;
}

const sitePath = (lang: Language, path: string) => (lang === 'en' ? `/en${path}` : path);

function Footer({
  lang,
  unsubscribeUrl,
  brand,
}: {
  lang: Language;
  unsubscribeUrl: string;
  brand: MailBrand;
}) {
  const c = copy[lang];
  return (
    <Paragraph muted>
      {filled(c.why, {
        unsubscribe: <InlineLink href={unsubscribeUrl}>{c.unsubscribe}</InlineLink>,
        settings: <InlineLink href={downloadsUrl(brand.publicUrl, lang)}>{c.settings}</InlineLink>,
      })}
    </Paragraph>
  );
}

/** "The item you voted for shipped in version X", and what the voter's licence makes of it. */
export function shippedMail(ctx: ShippedMailContext): Promise<MailInput> {
  const lang = ctx.voter.language;
  const c = copy[lang];
  const item = oneLine(ctx.item);
  const intro = fill(c.shippedIntro, { version: ctx.version });
  const { access, brand } = ctx;
  const [text, button, href] =
    access.kind === 'included'
      ? [
          fill(c.included, { key: access.key }),
          fill(c.includedButton, { version: ctx.version }),
          downloadsUrl(brand.publicUrl, lang),
        ]
      : access.kind === 'after_renewal'
        ? [fill(c.renewal, { key: access.key }), c.renewalButton, access.renewUrl]
        : [c.noLicence, c.noLicenceButton, `${brand.publicUrl}${sitePath(lang, '/pricing')}`];
  return composeMail(
    {
      kind: 'release_shipped',
      listUnsubscribeUrl: ctx.unsubscribeUrl,
      to: ctx.voter.email,
      subject: fill(c.shippedSubject, { version: ctx.version, item }),
    },
    <NoticeMail
      lang={lang}
      brand={brand}
      greeting={fill(c.greeting, { name: oneLine(ctx.voter.firstName) })}
      intro={intro}
      subject={[item]}
      signature={c.signature}
      footer={<Footer lang={lang} unsubscribeUrl={ctx.unsubscribeUrl} brand={brand} />}
    >
      <Paragraph>{text}</Paragraph>
      <MailButton href={href}>{button}</MailButton>
      <Paragraph>
        {filled(c.notes, { link: <InlineLink href={ctx.changelogUrl}>{c.notesLink}</InlineLink> })}
      </Paragraph>
    </NoticeMail>,
  );
}

export interface InProgressMailContext {
  voter: Voter;
  item: string;
  unsubscribeUrl: string;
  brand: MailBrand;
}

/** "The item you voted for is now in progress" (for voters who asked for it). */
export function inProgressMail(ctx: InProgressMailContext): Promise<MailInput> {
  const lang = ctx.voter.language;
  const c = copy[lang];
  const item = oneLine(ctx.item);
  return composeMail(
    {
      kind: 'roadmap_in_progress',
      listUnsubscribeUrl: ctx.unsubscribeUrl,
      to: ctx.voter.email,
      subject: fill(c.progressSubject, { item }),
    },
    <NoticeMail
      lang={lang}
      brand={ctx.brand}
      greeting={fill(c.greeting, { name: oneLine(ctx.voter.firstName) })}
      intro={c.progressIntro}
      subject={[item]}
      signature={c.signature}
      footer={<Footer lang={lang} unsubscribeUrl={ctx.unsubscribeUrl} brand={ctx.brand} />}
    >
      <Paragraph>{c.progressNext}</Paragraph>
      <MailButton href={`${ctx.brand.publicUrl}${sitePath(lang, '/roadmap')}`}>
        {c.roadmapButton}
      </MailButton>
    </NoticeMail>,
  );
}
