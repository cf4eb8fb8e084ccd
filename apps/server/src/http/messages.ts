import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';

/**
 * Texts only the server writes (transport-level failures). Validation and business messages
 * come from the shared catalogue of packages/domain (translateMessage), so the web app and
 * the server say the same thing in the same words.
 */
const serverMessages = {
  'server.rate_limited': {
    fr: 'Trop de requêtes, réessayez dans {seconds} secondes.',
    en: 'Too many requests, try again in {seconds} seconds.',
  },
  'server.auth_rate_limited': {
    fr: 'Trop de tentatives. Pour protéger les comptes, réessayez dans {minutes} min.',
    en: 'Too many attempts. To protect accounts, please try again in {minutes} min.',
  },
  'server.invalid_json': {
    fr: 'Le corps de la requête n’est pas un JSON valide.',
    en: 'The request body is not valid JSON.',
  },
  'server.json_too_deep': {
    fr: 'Le corps JSON est trop imbriqué (au plus {max} niveaux).',
    en: 'The JSON body is nested too deeply (at most {max} levels).',
  },
  'server.empty_body': {
    fr: 'Le corps de la requête est vide.',
    en: 'The request body is empty.',
  },
  'server.unsupported_media_type': {
    fr: 'Type de contenu non pris en charge : envoyez du JSON (application/json).',
    en: 'Unsupported content type: send JSON (application/json).',
  },
  'server.unstorable_text': {
    fr: 'Texte non accepté : il contient le caractère nul (U+0000) ou un caractère Unicode incomplet.',
    en: 'Text not accepted: it holds the null character (U+0000) or an incomplete Unicode character.',
  },
  'server.bad_request': {
    fr: 'Requête invalide.',
    en: 'Invalid request.',
  },
  'server.newsletter_confirmed': {
    fr: 'Votre inscription à la lettre d’information est confirmée. Merci !',
    en: 'Your newsletter subscription is confirmed. Thank you!',
  },
  'server.newsletter_link_invalid': {
    fr: 'Ce lien de confirmation est invalide ou a expiré. Inscrivez-vous de nouveau pour en recevoir un autre.',
    en: 'This confirmation link is invalid or has expired. Subscribe again to receive a new one.',
  },
  'realtime.token_invalid': {
    fr: 'Jeton temps réel invalide : demandez-en un nouveau.',
    en: 'Invalid realtime token: request a new one.',
  },
  'realtime.token_expired': {
    fr: 'Jeton temps réel expiré : demandez-en un nouveau.',
    en: 'Expired realtime token: request a new one.',
  },
  'realtime.too_many_connections': {
    fr: 'Trop de connexions temps réel depuis cette adresse.',
    en: 'Too many realtime connections from this address.',
  },
  'realtime.upgrade_required': {
    fr: 'Cette adresse attend une connexion WebSocket.',
    en: 'This address expects a WebSocket connection.',
  },
  'server.database_unavailable': {
    fr: 'La base de données ne répond pas.',
    en: 'The database is not responding.',
  },
  'server.web_not_built': {
    fr: 'Le site n’est pas encore construit : lancez « npm run build » à la racine du dépôt, puis redémarrez le serveur.',
    en: 'The website has not been built yet: run "npm run build" at the repository root, then restart the server.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ServerMessageKey = keyof typeof serverMessages;

const isServerMessageKey = (key: string): key is ServerMessageKey =>
  Object.hasOwn(serverMessages, key);

/**
 * Text of a server key or a domain catalogue key in `lang`, with `{name}` placeholders filled.
 * Anything else (a sentence already written for the reader) is returned unchanged.
 */
export function localize(
  key: string,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const template = isServerMessageKey(key)
    ? serverMessages[key][lang]
    : translateMessage(key, lang);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Field errors given as message keys (domain or server ones), in the reader's language. */
export function localizeFieldErrors(
  errors: Readonly<Record<string, readonly string[]>>,
  lang: Language,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => localize(key, lang))]),
  );
}
