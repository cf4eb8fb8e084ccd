import type { Language } from '@cadran/domain/constants';
import { downloadsUrl } from './urls';

/**
 * The pages of the unsubscribe link: a few sentences, no script and no style of its own (the
 * strict CSP applies), in the reader's language, with the way back to the site.
 * - `confirm` answers the link's GET: mail scanners and link previews fetch every link of an
 *   e-mail, so a GET changes nothing and shows a one-button form that POSTs to the same address.
 * - `done` answers that POST (or a mail client's one-click POST, RFC 8058).
 */
const copy = {
  fr: {
    title: 'Désabonnement',
    confirm:
      'Vous ne recevrez plus d’e-mails sur les évolutions pour lesquelles vous avez voté : ni quand l’une d’elles est livrée, ni quand elle passe en cours de développement.',
    button: 'Me désabonner',
    done: 'C’est fait : vous ne recevrez plus d’e-mails sur les évolutions pour lesquelles vous avez voté.',
    back: 'Retour au site',
    settings: 'Mon espace client',
  },
  en: {
    title: 'Unsubscribe',
    confirm:
      'You will no longer receive e-mails about the roadmap items you voted for: neither when one ships nor when it moves to in progress.',
    button: 'Unsubscribe me',
    done: 'Done: you will no longer receive e-mails about the roadmap items you voted for.',
    back: 'Back to the site',
    settings: 'My client area',
  },
} as const;

export type UnsubscribePage = { kind: 'confirm'; action: string } | { kind: 'done' };

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function unsubscribePage(lang: Language, page: UnsubscribePage, publicUrl: string): string {
  const c = copy[lang];
  const home = lang === 'en' ? `${publicUrl}/en` : `${publicUrl}/`;
  const body =
    page.kind === 'confirm'
      ? `<p>${c.confirm}</p><form method="post" action="${escapeAttribute(page.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${c.button}</button></form>`
      : `<p>${c.done}</p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${c.title} · Cadran</title></head>
<body><main><h1>${c.title}</h1>${body}<p><a href="${home}">${c.back}</a> · <a href="${downloadsUrl(publicUrl, lang)}">${c.settings}</a></p></main></body></html>
`;
}
