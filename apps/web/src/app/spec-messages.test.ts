import { translateMessage, type MessageKey } from '@cadran/domain/messages';
import { describe, expect, it } from 'vitest';
import pricing from '@/locales/fr/pricing.json';

/**
 * The messages the site's specification quotes (its validation rules and its error catalogue),
 * written here as the specification writes them, each with the text that shows it. Only the
 * French typography of decision 032 may differ: the typographic apostrophe and the no-break
 * spaces before high punctuation.
 */
const SPEC_MESSAGES: ReadonlyArray<[quoted: string, key: MessageKey]> = [
  // Contact form
  ['Le nom est requis', 'contact.name.required'],
  ["L'email est requis", 'contact.email.required'],
  ["Format d'email invalide", 'contact.email.invalid'],
  ['Le sujet est requis', 'contact.subject.required'],
  ['Le message est requis', 'contact.message.required'],
  ['Le message doit contenir au moins 10 caractères', 'contact.message.too_short'],
  // Checkout submit
  ['Vous devez être connecté pour passer commande', 'checkout.login_required'],
  // Billing address helper
  ["L'email n'est pas valide", 'billing.email.invalid'],
  // Error catalogue
  ['Erreur lors du chargement des tarifs', 'pricing.load_failed'],
  ['Aucun template disponible', 'pricing.no_templates'],
  ["Erreur lors de l'ajout au panier", 'cart.add_failed'],
  ["Erreur lors de l'envoi du message", 'contact.send_failed'],
  ['Message envoyé avec succès !', 'contact.sent'],
  ["Erreur lors de l'inscription", 'newsletter.failed'],
  ['Inscription réussie !', 'newsletter.success'],
  ['Erreur de connexion', 'auth.login_failed'],
  ['Erreur lors de la connexion. Veuillez réessayer.', 'auth.login_retry'],
  ["Erreur d'inscription", 'auth.register_failed'],
  ['Erreur lors de la création de la commande', 'checkout.order_failed'],
  ['Commande non trouvée', 'orders.not_found'],
  ['Erreur lors de la récupération de la commande', 'orders.fetch_failed'],
  ['Erreur lors de la vérification du paiement', 'orders.payment_check_failed'],
  ["Erreur lors de l'annulation de la commande", 'orders.cancel_failed'],
  ['Erreur lors de la récupération des méthodes de paiement', 'orders.payment_methods_failed'],
];

/** The pricing page's own texts for three of the same messages. */
const SPEC_PAGE_TEXTS: ReadonlyArray<[quoted: string, text: string]> = [
  ['Erreur lors du chargement des tarifs', pricing.state.loadFailed],
  ['Aucun template disponible', pricing.state.emptyTitle],
  ["Erreur lors de l'ajout au panier: {{reason}}", pricing.card.addFailed],
];

/** The text as the specification would write it: straight apostrophe, plain spacing. */
const asSpecWrites = (text: string) =>
  text
    .replaceAll('\u2019', "'")
    .replace(/[\u00a0\u202f]([:;!?])/g, (_, mark: string) => (mark === ':' ? ':' : ` ${mark}`));

describe('messages the specification quotes', () => {
  it.each(SPEC_MESSAGES)('shows “%s” word for word', (quoted, key) => {
    expect(asSpecWrites(translateMessage(key, 'fr'))).toBe(quoted);
  });

  it.each(SPEC_PAGE_TEXTS)('the pricing page shows “%s” word for word', (quoted, text) => {
    expect(asSpecWrites(text)).toBe(quoted);
  });

  it('reads typography only, never words, as a difference', () => {
    expect(asSpecWrites('L’email n’est pas valide')).toBe("L'email n'est pas valide");
    expect(asSpecWrites('Inscription réussie\u202f!')).toBe('Inscription réussie !');
    expect(asSpecWrites('L’e-mail est requis')).not.toBe("L'email est requis");
  });
});
