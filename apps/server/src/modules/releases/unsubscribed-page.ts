import type { Language } from '@cadran/domain/constants';
import { downloadsUrl } from './urls';

/**
 * The page the unsubscribe link answers: a few sentences, no script and no style of its own
 * (the strict CSP applies), in the reader's language, with the way back to the site.
 */
const copy = {
  fr: {
    title: 'Désabonnement',
    done: 'C’est fait : vous ne recevrez plus d’e-mails sur les évolutions pour lesquelles vous avez voté.',
    failed:
      'Ce lien de désabonnement n’est pas valide. Réglez ces e-mails depuis votre espace client.',
    back: 'Retour au site',
    settings: 'Mon espace client',
  },
  en: {
    title: 'Unsubscribe',
    done: 'Done: you will no longer receive e-mails about the roadmap items you voted for.',
    failed: 'This unsubscribe link is not valid. Set these e-mails from your client area.',
    back: 'Back to the site',
    settings: 'My client area',
  },
} as const;

export function unsubscribedPage(lang: Language, done: boolean, publicUrl: string): string {
  const c = copy[lang];
  const home = lang === 'en' ? `${publicUrl}/en` : `${publicUrl}/`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${c.title} · Cadran</title></head>
<body><main><h1>${c.title}</h1><p>${done ? c.done : c.failed}</p><p><a href="${home}">${c.back}</a> · <a href="${downloadsUrl(publicUrl, lang)}">${c.settings}</a></p></main></body></html>
`;
}
