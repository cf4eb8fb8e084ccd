import { describe, expect, it } from 'vitest';
import { en } from './messages/en';
import { fr } from './messages/fr';
import { MESSAGE_KEYS, isMessageKey, translateFieldErrors, translateMessage } from './messages';

describe('message catalogue', () => {
  it('has the same keys in French and English, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    for (const key of MESSAGE_KEYS) {
      expect(fr[key].trim()).not.toBe('');
      expect(en[key].trim()).not.toBe('');
    }
  });

  it.each([
    ['contact.name.required', 'Le nom est requis'],
    ['contact.email.required', 'L’email est requis'],
    ['contact.email.invalid', 'Format d’email invalide'],
    ['contact.subject.required', 'Le sujet est requis'],
    ['contact.message.required', 'Le message est requis'],
    ['contact.message.too_short', 'Le message doit contenir au moins 10 caractères'],
    ['billing.email.invalid', 'L’email n’est pas valide'],
    ['checkout.login_required', 'Vous devez être connecté pour passer commande'],
    ['orders.not_found', 'Commande non trouvée'],
    ['pricing.load_failed', 'Erreur lors du chargement des tarifs'],
    ['pricing.no_templates', 'Aucun template disponible'],
    ['contact.send_failed', 'Erreur lors de l’envoi du message'],
    ['contact.sent', 'Message envoyé avec succès !'],
    ['newsletter.failed', 'Erreur lors de l’inscription'],
    ['newsletter.success', 'Inscription réussie !'],
    ['auth.login_failed', 'Erreur de connexion'],
    ['auth.login_retry', 'Erreur lors de la connexion. Veuillez réessayer.'],
    ['auth.register_failed', 'Erreur d’inscription'],
    ['checkout.order_failed', 'Erreur lors de la création de la commande'],
    ['orders.fetch_failed', 'Erreur lors de la récupération de la commande'],
    ['orders.payment_check_failed', 'Erreur lors de la vérification du paiement'],
    ['orders.cancel_failed', 'Erreur lors de l’annulation de la commande'],
    ['orders.payment_methods_failed', 'Erreur lors de la récupération des méthodes de paiement'],
    ['orders.status.pending', 'En attente'],
    ['orders.status.processing', 'En cours'],
    ['orders.status.completed', 'Terminée'],
    ['orders.status.failed', 'Échouée'],
    ['orders.status.cancelled', 'Annulée'],
    ['roadmap.status.planned', 'Prévu'],
    ['roadmap.status.in_progress', 'En cours'],
    ['roadmap.status.done', 'Fait'],
    ['payment.stripe.name', 'Carte bancaire'],
  ] as const)('gives the documented French text for %s', (key, text) => {
    expect(translateMessage(key, 'fr')).toBe(text);
  });

  it('translates to English', () => {
    expect(translateMessage('contact.name.required', 'en')).toBe('Name is required');
    expect(translateMessage('checkout.login_required', 'en')).toBe(
      'You must be logged in to place an order',
    );
  });

  it('falls back to the key itself for an unknown key', () => {
    expect(translateMessage('no.such.key', 'fr')).toBe('no.such.key');
    expect(translateMessage('A sentence from the server', 'en')).toBe('A sentence from the server');
    expect(isMessageKey('toString')).toBe(false);
    expect(translateMessage('constructor', 'fr')).toBe('constructor');
  });

  it('translates a field-error record', () => {
    const errors = {
      name: ['contact.name.required'],
      'items.0.customizations.primary_domain': ['checkout.domain_invalid', 'unknown'],
    };
    expect(translateFieldErrors(errors, 'fr')).toEqual({
      name: ['Le nom est requis'],
      'items.0.customizations.primary_domain': ['Le domaine principal n’est pas valide', 'unknown'],
    });
    expect(translateFieldErrors({}, 'en')).toEqual({});
  });
});
