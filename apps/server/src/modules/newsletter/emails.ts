import type { Language } from '@cadran/domain/constants';
import type { MailInput } from '../../mail/queue';

/** Copy of the double opt-in mail, in the language the visitor used on the site. */
const copy = {
  fr: {
    subject: 'Confirmez votre inscription à la lettre d’information Cadran',
    greeting: 'Bonjour,',
    intro:
      'Vous avez demandé à recevoir la lettre d’information de Cadran CMS : nouveautés du produit, avancement de la feuille de route et conseils d’utilisation, une à deux fois par mois, sans publicité.',
    action: 'Pour confirmer votre inscription, ouvrez ce lien :',
    button: 'Confirmer mon inscription',
    expiry: 'Ce lien est valable 7 jours.',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : sans confirmation, votre adresse ne recevra rien.',
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

const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function confirmationMail(to: string, language: Language, confirmUrl: string): MailInput {
  const c = copy[language];
  const text = [
    c.greeting,
    '',
    c.intro,
    '',
    c.action,
    confirmUrl,
    '',
    c.expiry,
    c.ignore,
    '',
    c.signature,
  ].join('\n');
  const link = escapeHtml(confirmUrl);
  const html = [
    `<p>${escapeHtml(c.greeting)}</p>`,
    `<p>${escapeHtml(c.intro)}</p>`,
    `<p>${escapeHtml(c.action)}</p>`,
    `<p><a href="${link}">${escapeHtml(c.button)}</a></p>`,
    `<p>${escapeHtml(c.expiry)}<br>${escapeHtml(c.ignore)}</p>`,
    `<p>${escapeHtml(c.signature)}</p>`,
  ].join('\n');
  return { kind: 'newsletter_confirmation', to, subject: c.subject, text, html };
}
