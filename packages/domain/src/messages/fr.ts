import { backOfficeFr } from './back-office';
import { releasesFr } from './releases';
import { staffFr } from './staff-fr';

/**
 * French message catalogue, the reference copy (docs/product.md 'Errors and messages'
 * ('Messages in both languages') lists some of the exact texts).
 * Keys are grouped by area; schemas put these keys into their zod issues.
 */
export const fr = {
  // Generic validation
  'validation.failed': 'Certaines données sont invalides',
  'validation.required': 'Ce champ est requis',
  'validation.invalid': 'Valeur invalide',
  'validation.too_long': 'Valeur trop longue',
  'validation.integer': 'Un nombre entier est attendu',
  'validation.out_of_range': 'Valeur hors limites',
  'country.required': 'Le pays est requis',
  'country.invalid': 'Ce pays n’est pas pris en charge',

  // Contact form (docs/product.md 'Contact')
  'contact.name.required': 'Le nom est requis',
  'contact.name.too_long': 'Le nom est trop long (120 caractères au maximum)',
  'contact.email.required': 'L’email est requis',
  'contact.email.invalid': 'Format d’email invalide',
  'contact.email.too_long': 'L’email est trop long',
  'contact.company.too_long': 'Le nom de l’entreprise est trop long (120 caractères au maximum)',
  'contact.subject.required': 'Le sujet est requis',
  'contact.subject.invalid': 'Ce sujet n’existe pas',
  'contact.message.required': 'Le message est requis',
  'contact.message.too_short': 'Le message doit contenir au moins 10 caractères',
  'contact.message.too_long': 'Le message est trop long (5 000 caractères au maximum)',
  'contact.send_failed': 'Erreur lors de l’envoi du message',
  'contact.sent': 'Message envoyé avec succès !',
  'contact.subject.information': 'Demande d’information',
  'contact.subject.demo': 'Demande de démonstration',
  'contact.subject.support': 'Support technique',
  'contact.subject.partnership': 'Partenariat',
  'contact.subject.other': 'Autre',

  // Newsletter (docs/product.md 'Newsletter')
  'newsletter.email.required': 'L’email est requis',
  'newsletter.email.invalid': 'Format d’email invalide',
  'newsletter.failed': 'Erreur lors de l’inscription',
  'newsletter.success': 'Inscription réussie !',

  // Authentication (docs/product.md 'Accounts and sessions')
  'auth.fill_all_fields': 'Veuillez remplir tous les champs',
  'auth.email.required': 'L’email est requis',
  'auth.email.invalid': 'Format d’email invalide',
  'auth.email.too_long': 'L’email est trop long',
  'auth.email_taken': 'Un compte existe déjà avec cet e-mail',
  'auth.password.required': 'Le mot de passe est requis',
  'auth.password.too_short': 'Le mot de passe doit contenir au moins 8 caractères',
  'auth.password.too_long': 'Le mot de passe doit contenir au plus 128 caractères',
  'auth.passwords_mismatch': 'Les mots de passe ne correspondent pas',
  'auth.terms_required': 'Vous devez accepter les conditions d’utilisation',
  'auth.firstname.required': 'Le prénom est requis',
  'auth.lastname.required': 'Le nom est requis',
  'auth.company.too_long': 'Le nom de l’entreprise est trop long',
  'auth.phone.required': 'Le téléphone est requis',
  'auth.phone.invalid': 'Le numéro de téléphone n’est pas valide',
  'auth.address.required': 'L’adresse est requise',
  'auth.postal_code.required': 'Le code postal est requis',
  'auth.city.required': 'La ville est requise',
  'auth.invalid_credentials': 'E-mail ou mot de passe incorrect',
  'auth.unauthenticated': 'Vous devez être connecté',
  'auth.login_failed': 'Erreur de connexion',
  'auth.login_retry': 'Erreur lors de la connexion. Veuillez réessayer.',
  'auth.login_success': 'Connexion réussie',
  'auth.register_failed': 'Erreur d’inscription',
  'auth.register_success': 'Compte créé avec succès',
  'auth.logout_success': 'Déconnexion réussie',

  // Account management (docs/product.md 'Accounts and sessions')
  'auth.password.breached':
    'Ce mot de passe figure dans les listes de mots de passe divulgués : choisissez-en un autre',
  'account.token_invalid':
    'Ce lien est invalide, a expiré ou a déjà servi : demandez-en un nouveau',
  'account.password_reset_requested':
    'Si un compte existe avec cette adresse, un e-mail vient d’y être envoyé avec un lien pour choisir un nouveau mot de passe (valable 1 heure).',
  'account.password_reset_done':
    'Votre mot de passe a été changé et toutes vos sessions ont été fermées : connectez-vous avec le nouveau mot de passe.',
  'account.email_confirmed': 'Votre adresse e-mail est confirmée.',
  'account.email_changed':
    'Votre nouvelle adresse e-mail est confirmée : c’est désormais celle de votre compte.',
  'account.confirmation_sent': 'Un e-mail de confirmation vient d’être envoyé à votre adresse.',
  'account.email_change_sent':
    'Un lien de confirmation vient d’être envoyé à la nouvelle adresse (valable 1 heure).',
  'account.password_wrong': 'Mot de passe incorrect',
  'account.current_password.required': 'Le mot de passe actuel est requis',
  'account.same_email': 'C’est déjà l’adresse de votre compte',
  'account.password_changed':
    'Votre mot de passe a été changé ; vos autres sessions ont été fermées.',
  'account.session_ended': 'Session fermée.',
  'account.sessions_ended': 'Vos autres sessions ont été fermées.',
  'account.profile_saved': 'Profil enregistré.',
  'account.deleted':
    'Votre compte a été supprimé. Vos factures restent conservées comme la loi l’impose.',
  'account.staff_cannot_delete':
    'Un compte du personnel ne peut pas être supprimé depuis l’espace client.',
  'account.email_taken_now':
    'Cette adresse est maintenant utilisée par un autre compte : le changement n’a pas pu se faire.',

  // Billing address (docs/product.md 'Checkout' ('The form'))
  'billing.first_name.required': 'Le prénom est requis',
  'billing.last_name.required': 'Le nom est requis',
  'billing.email.required': 'L’email est requis',
  'billing.email.invalid': 'L’email n’est pas valide',
  'billing.address.required': 'L’adresse est requise',
  'billing.city.required': 'La ville est requise',
  'billing.postal_code.required': 'Le code postal est requis',
  'billing.vat_number.invalid': 'Le numéro de TVA n’est pas valide',
  'exports.period.invalid_day': 'Date invalide : attendu AAAA-MM-JJ',
  'exports.period.reversed': 'La fin de la période précède son début',
  'exports.period.too_long': 'Une période couvre au plus un an',
  'exports.quarter.invalid': 'Trimestre invalide : attendu AAAA-Qn, par exemple 2026-Q3',
  'exports.quarter.future': 'Ce trimestre n’a pas encore commencé',
  'exports.format.invalid': 'Format inconnu',
  'billing.siren.invalid': 'Le SIREN n’est pas valide (9 chiffres, clé de contrôle)',
  'billing.siren.french_only': 'Le SIREN ne concerne que les entreprises françaises',
  'billing.siren.vat_mismatch': 'Le SIREN ne correspond pas au numéro de TVA',

  // EU VAT numbers (vat-number.ts)
  'vat_number.invalid_format':
    'Ce numéro n’a pas la forme d’un numéro de TVA intracommunautaire (par exemple FR40303265045)',
  'vat_number.invalid_checksum':
    'Ce numéro de TVA n’est pas valide : sa clé de contrôle ne correspond pas, vérifiez la saisie',
  'vat_number.country_mismatch':
    'Ce numéro de TVA a été attribué dans un autre pays que celui de l’adresse de facturation',
  'vat_number.not_eu':
    'Seuls les numéros de TVA de l’Union européenne ouvrent droit à l’autoliquidation',
  'vat_number.status.verified': 'Numéro de TVA vérifié auprès du système VIES',
  'vat_number.status.format_checked':
    'Format du numéro de TVA contrôlé, numéro non vérifié (VIES indisponible)',
  'vat_number.status.invalid': 'Numéro de TVA inconnu du système VIES',
  'vat_number.not_registered':
    'Le système VIES ne connaît pas ce numéro de TVA : vérifiez-le, ou laissez le champ vide pour payer la TVA',

  // Tax mentions on quotes and invoices (tax-treatment.ts)
  'tax.mention.reverse_charge': 'Autoliquidation — article 196 de la directive 2006/112/CE',
  'tax.mention.export': 'TVA non applicable — article 259-1 du CGI',

  // Promo codes (promo-codes.ts)
  'quote.failed': 'Le prix n’a pas pu être calculé : réessayez dans un instant',
  'promo.unknown': 'Ce code promo n’existe pas',
  'promo.not_started': 'Ce code promo n’est pas encore valable',
  'promo.expired': 'Ce code promo a expiré',
  'promo.used_up': 'Ce code promo a atteint son nombre maximal d’utilisations',
  'promo.inactive': 'Ce code promo n’est plus proposé',
  'promo.not_found': 'Ce code promo n’existe pas',
  'promo.change.empty': 'Indiquez au moins un changement : active, ends_at ou max_uses',
  'promo.active.invalid': '« active » doit valoir true ou false',
  'promo.not_applicable': 'Ce code promo ne s’applique à aucune licence de votre panier',
  'promo.too_many_attempts':
    'Trop de codes promo inconnus essayés : réessayez dans {seconds} secondes',
  'promo.code.taken': 'Ce code promo existe déjà',
  'promo.code.required': 'Le code est requis',
  'promo.code.invalid':
    'Le code doit contenir de 3 à 32 lettres, chiffres, tirets ou tirets bas, sans espace',
  'promo.discount.invalid':
    'Indiquez une remise en pourcentage (type "percentage") ou un montant fixe (type "fixed")',
  'promo.percent.invalid':
    'Le pourcentage doit être compris entre 1 et 100, avec au plus deux décimales',
  'promo.amount.invalid': 'Le montant de la remise doit être supérieur à 0 (par exemple "10.00")',
  'promo.date.invalid': 'Date invalide : format ISO 8601 attendu, par exemple 2026-12-01T00:00:00Z',
  'promo.window.invalid': 'La date de fin doit être postérieure à la date de début',
  'promo.max_uses.invalid': 'Le nombre d’utilisations doit être un entier entre 1 et 1 000 000',
  'promo.template_ids.invalid':
    'Les licences visées doivent être une liste de 100 identifiants de modèle au plus',
  'promo.billing_cycles.invalid': 'Un des cycles de facturation visés n’existe pas',

  // Checkout (docs/product.md 'Checkout' ('Submitting'))
  'checkout.login_required': 'Vous devez être connecté pour passer commande',
  'checkout.domains_error': 'Veuillez corriger les noms de domaine',
  'checkout.domain_required': 'Le domaine principal est requis',
  'checkout.domain_invalid': 'Le domaine principal n’est pas valide',
  'checkout.additional_domain_invalid': 'Un domaine supplémentaire n’est pas valide',
  'checkout.too_many_additional_domains': 'Trop de domaines supplémentaires pour cette licence',
  'checkout.extras_range': 'La valeur doit être comprise entre 0 et 10',
  'checkout.quantity_invalid': 'La quantité doit être comprise entre 1 et 100',
  'checkout.template_invalid': 'Cette licence n’est plus disponible',
  'checkout.items_required': 'Votre panier est vide',
  'checkout.too_many_items': 'Votre commande contient trop de lignes',
  'checkout.payment_method_required': 'Veuillez choisir un moyen de paiement',
  'checkout.terms_required': 'Vous devez accepter les conditions générales de vente',
  'checkout.notes_too_long': 'Les notes sont trop longues (2 000 caractères au maximum)',
  'checkout.order_failed': 'Erreur lors de la création de la commande',

  // Orders (docs/product.md 'Orders' ('Statuses'))
  'orders.not_found': 'Commande non trouvée',
  'orders.fetch_failed': 'Erreur lors de la récupération de la commande',
  'orders.payment_check_failed': 'Erreur lors de la vérification du paiement',
  'orders.cancel_failed': 'Erreur lors de l’annulation de la commande',
  'orders.cancel_forbidden': 'Cette commande ne peut plus être annulée',
  'orders.payment_methods_failed': 'Erreur lors de la récupération des méthodes de paiement',
  'orders.created': 'Commande créée avec succès',
  'orders.cancelled': 'Votre commande a été annulée',
  'orders.idempotency_key_invalid':
    'L’en-tête Idempotency-Key doit contenir de 1 à 200 caractères imprimables, sans espace',
  'orders.idempotency_key_reused':
    'Cette clé d’idempotence a déjà servi pour une autre commande : générez-en une nouvelle',
  'orders.amount_too_large':
    'Le montant de cette commande dépasse la limite autorisée : contactez-nous pour un devis',
  'orders.status.pending': 'En attente',
  'orders.status.processing': 'En cours',
  'orders.status.completed': 'Terminée',
  'orders.status.failed': 'Échouée',
  'orders.status.cancelled': 'Annulée',
  'orders.payment_status.unpaid': 'Non payée',
  'orders.payment_status.pending': 'Paiement en attente',
  'orders.payment_status.paid': 'Payée',
  'orders.payment_status.failed': 'Paiement échoué',
  'orders.payment_status.refunded': 'Remboursée',
  'payment.stripe.name': 'Carte bancaire',
  'payment.stripe.description': 'Paiement sécurisé par carte bancaire',
  'payment.paypal.name': 'PayPal',
  'payment.paypal.description': 'Paiement avec votre compte PayPal',
  'payment.bank_transfer.name': 'Virement bancaire',
  'payment.bank_transfer.description': 'Virement sans frais, licence activée à réception des fonds',
  'payment.method_unavailable':
    'Ce moyen de paiement n’est pas disponible pour le moment : choisissez-en un autre',
  'payment.provider_unavailable':
    'Le service de paiement ne répond pas. Réessayez dans quelques minutes ou choisissez un autre moyen de paiement',
  'payment.not_found': 'Paiement introuvable',
  'payment.webhook_invalid': 'Notification de paiement refusée : signature invalide',
  'payment.declined': 'Paiement refusé par la banque (simulation de l’environnement de test)',
  'payment.refused': 'Paiement refusé par votre banque ou le prestataire de paiement',
  'payment.cancelled': 'Paiement annulé : la page de paiement a été quittée avant la fin',
  'payment.expired': 'La session de paiement a expiré avant d’être réglée',
  'payment.order_cancelled': 'Cette commande a été annulée : elle ne peut plus être payée',
  'payment.refunded_after_cancel':
    'Cette commande avait été annulée : votre paiement vous est intégralement remboursé',
  'payment.retry.not_payable':
    'Cette commande ne peut pas être payée à nouveau : elle est payée, annulée, en cours de vérification ou réglée par virement',
  'payment.retry.attempt_open':
    'Un paiement de cette commande est déjà en cours : terminez-le sur la page de paiement',
  'payment.retry.started': 'Nouvelle tentative de paiement ouverte pour cette commande',
  'payment.retry.transfer':
    'La commande se paie désormais par virement : les coordonnées bancaires vous ont été envoyées par e-mail',
  'payment.retry.transfer_renews':
    'Cette commande renouvelle sa licence automatiquement : elle se paie par carte ou PayPal',
  'payment.capture_failed': 'Le paiement PayPal n’a pas pu être finalisé',
  'payment.already_settled': 'Ce paiement a déjà été traité',
  'payment.mark_paid.not_transfer':
    'Seules les commandes réglées par virement peuvent être marquées payées à la main',
  'payment.mark_paid.already_paid': 'Cette commande est déjà payée',
  'payment.mark_paid.not_payable': 'Cette commande est annulée : elle ne peut plus être payée',
  'payment.mark_paid.done':
    'Virement enregistré : licences émises et confirmation envoyée au client',
  'payment.mark_paid.flagged':
    'Le montant reçu diffère du total : commande signalée pour vérification, aucune licence émise',

  // Catalogue and cart
  'pricing.load_failed': 'Erreur lors du chargement des tarifs',
  'pricing.no_templates': 'Aucun template disponible',
  'pricing.empty_cycle': 'Aucun modèle de licence n’existe pour ce cycle de facturation',
  'cart.add_failed': 'Erreur lors de l’ajout au panier',
  'cart.invalid_price': 'Prix invalide, compté à 0',
  'cart.full': 'Votre panier contient déjà 20 licences différentes, le maximum pour une commande',
  'cart.action_failed': 'La modification du panier a échoué. Veuillez réessayer.',
  'cart.save_failed':
    'Votre panier n’a pas pu être enregistré sur cet appareil : il sera perdu à la fermeture de la page',
  'cycle.monthly': 'Mensuel',
  'cycle.quarterly': 'Trimestriel',
  'cycle.semi_annually': 'Semestriel',
  'cycle.annually': 'Annuel',
  'cycle.biennially': 'Tous les 2 ans',
  'cycle.triennially': 'Tous les 3 ans',
  'cycle.one_time': 'Paiement unique',

  // Roadmap (docs/product.md 'Roadmap')
  'roadmap.status.planned': 'Prévu',
  'roadmap.status.in_progress': 'En cours',
  'roadmap.status.done': 'Fait',
  'roadmap.title.required': 'Le titre est requis',
  'roadmap.title.too_long': 'Le titre est trop long (200 caractères au maximum)',
  'roadmap.update.empty': 'Aucune modification fournie',
  'roadmap.vote.closed': 'Les votes sont clos pour cette évolution : elle est déjà livrée.',

  // Support (docs/product.md 'Orders' ('Order failure page'))
  'support.hours': 'Du lundi au vendredi, de 9 h à 18 h',
  'support.reply_time': 'Réponse sous 24 h',

  // Invoices and credit notes (docs/product.md 'Invoices')
  'invoice.title': 'Facture',
  'invoice.credit_note_title': 'Avoir',
  'invoice.number': 'Numéro',
  'invoice.issued_at': 'Date d’émission',
  'invoice.order': 'Commande',
  'invoice.credits_invoice': 'Avoir sur la facture {number} du {date}',
  'invoice.seller': 'Émetteur',
  'invoice.billed_to': 'Facturé à',
  'invoice.credited_to': 'Avoir à',
  'invoice.vat_number': 'N° TVA intracommunautaire',
  'invoice.siren': 'SIREN',
  'invoice.rcs': 'RCS {city}',
  'invoice.share_capital': 'au capital de {amount}',
  'invoice.description': 'Désignation',
  'invoice.quantity': 'Qté',
  'invoice.unit_price': 'Prix unitaire HT',
  'invoice.vat_rate': 'TVA',
  'invoice.line_total': 'Total HT',
  'invoice.period': 'Période du {start} au {end}',
  'invoice.period_from': 'À partir du {start}, sans échéance',
  'invoice.extra_domains': 'Domaines supplémentaires : {count}',
  'invoice.extra_installations': 'Installations supplémentaires : {count}',
  'invoice.domains': 'Domaines : {domains}',
  'invoice.lines_total': 'Total des lignes HT',
  'invoice.discount': 'Remise',
  'invoice.net_total': 'Total HT',
  'invoice.vat_at': 'TVA {rate}',
  'invoice.gross_total': 'Total TTC',
  'invoice.method.stripe': 'carte bancaire',
  'invoice.method.paypal': 'PayPal',
  'invoice.method.bank_transfer': 'virement bancaire',
  'invoice.paid': 'Payée le {date} par {method}',
  'invoice.credited': 'Montant crédité au client : {amount}',
  'invoice.mention.no_early_payment_discount': 'Pas d’escompte pour paiement anticipé',
  'invoice.mention.late_penalties':
    'Pénalités de retard : taux de refinancement de la BCE majoré de 10 points (article L441-10 du Code de commerce)',
  'invoice.mention.recovery_fee':
    'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (articles L441-10 et D441-5 du Code de commerce)',
  'invoice.page': 'Page {page} sur {pages}',
  'invoice.mention.services': 'Catégorie de l’opération : prestation de services',
  'invoice.mention.vat_on_debits': 'Option pour le paiement de la taxe d’après les débits',
  'invoice.mention.vat_credit':
    'Avoir de la TVA seule : le numéro de TVA intracommunautaire de l’acheteur a été confirmé après la vente ; autoliquidation par le preneur (article 196 de la directive 2006/112/CE)',
  'invoice.vat_credit.line_charged': 'Vente de la facture {number} telle que taxée, annulée',
  'invoice.vat_credit.line_reverse_charge': 'La même vente en autoliquidation',
  'invoice.delivered_to': 'Adresse de livraison',
  'invoice.paid_to_iban': 'Virement reçu sur le compte IBAN : {iban}',
  'invoice.buyer_siren': 'SIREN : {siren}',
  'invoice.download': 'Télécharger la facture (PDF)',

  // Staff sign-in (back office)
  'staff.second_factor_required':
    'Saisissez le code de votre application d’authentification pour accéder à l’administration.',
  'staff.second_factor_enrolment_required':
    'Configurez d’abord une application d’authentification : elle est obligatoire pour l’administration.',
  'staff.second_factor_invalid':
    'Code incorrect ou déjà utilisé. Saisissez le code affiché maintenant.',
  'staff.second_factor_already_enrolled': 'Une application d’authentification est déjà configurée.',
  'staff.second_factor_not_started': 'Commencez par afficher le QR code à scanner.',
  'staff.second_factor_enrolled':
    'Application d’authentification configurée. Conservez vos codes de secours en lieu sûr : ils ne seront plus affichés.',
  'staff.second_factor_verified': 'Code accepté.',
  'staff.recovery_code_used':
    'Code de secours accepté. Il ne servira plus ; il vous en reste {count}.',
  // Licences (docs/product.md 'Licences')
  'license.not_found': 'Licence introuvable',
  'license.instance_not_found': 'Installation introuvable pour cette licence',
  'license.domain_not_allowed':
    'Ce domaine n’est pas couvert par la licence et sa limite de domaines est atteinte',
  'license.activation_limit_reached':
    'Toutes les installations de cette licence sont utilisées : désactivez-en une d’abord',
  'license.expired': 'Cette licence a expiré : renouvelez-la pour continuer',
  'license.suspended': 'Cette licence est suspendue : contactez le support',
  'license.revoked': 'Cette licence a été révoquée',
  'license.activated': 'Installation activée',
  'license.deactivated': 'Installation désactivée',
  'license.domain_limit_reached': 'Cette licence a atteint sa limite de domaines ({limit})',
  'license.domain_in_use':
    'Le domaine {domain} est utilisé par une installation active : libérez-la d’abord',
  'license.domains_updated': 'Domaines enregistrés',
  'license.not_renewable': 'Cette licence ne se renouvelle pas',
  'license.renewal_created': 'Commande de renouvellement créée',
  'license.renewal_already_open':
    'Une commande de renouvellement de cette licence est déjà ouverte : payez-la ou annulez-la d’abord depuis vos commandes',
  'license.key_required': 'La clé de licence est requise',
  'license.domain_required': 'Le domaine est requis',
  'license.domain_invalid': 'Nom de domaine invalide',
  'license.instance_name_required': 'Le nom de l’installation est requis',
  'license.instance_id_invalid': 'Identifiant d’installation invalide',
  'license.status.active': 'Active',
  'license.status.grace': 'En période de grâce',
  'license.status.expired': 'Expirée',
  'license.status.suspended': 'Suspendue',
  'license.status.revoked': 'Révoquée',
  'license.renewal_line': '{name} : renouvellement de la licence {key}',

  // Automatic renewal, plan changes, withdrawal (docs/product.md 'Licences')
  'auto_renew.bank_transfer':
    'Un virement ne peut pas renouveler une licence automatiquement : choisissez la carte ou PayPal, ou décochez le renouvellement automatique',
  'auto_renew.no_method':
    'Aucun moyen de paiement n’est enregistré pour cette licence : enregistrez-en un pour activer le renouvellement automatique',
  'auto_renew.turned_on': 'Le renouvellement automatique est activé',
  'auto_renew.turned_off':
    'Le renouvellement automatique est résilié : la licence reste valable jusqu’à son échéance. Une confirmation vous a été envoyée par e-mail.',
  'payment.authentication_required': 'Votre banque demande une authentification pour ce paiement',
  'payment.card_invalid': 'Numéro de carte invalide',
  'payment.iban_invalid': 'IBAN invalide',
  'payment.card_expiry_invalid': 'Date d’expiration invalide (AAAA-MM)',
  'payment.one_method': 'Indiquez une carte ou un IBAN, pas les deux',
  'payment.method_not_saved':
    'Ce moyen de paiement ne peut pas être enregistré pour les renouvellements',
  'method_setup.saved':
    'Le nouveau moyen de paiement est enregistré : il servira aux prochains renouvellements',
  'method_setup.kept':
    'Aucun moyen de paiement n’a été enregistré : celui de la licence reste en place',
  'method_setup.not_found': 'Cet enregistrement de moyen de paiement est introuvable',
  'method_setup.unavailable':
    'L’enregistrement d’un moyen de paiement est indisponible pour le moment, réessayez plus tard',
  'plan_change.template_required': 'Choisissez une offre',
  'plan_change.line': '{name} : changement d’offre de la licence {key}',
  'plan_change.unknown_template': 'Cette offre n’existe pas ou n’est plus proposée',
  'plan_change.same_plan': 'La licence a déjà cette offre et ce cycle',
  'plan_change.not_changeable': 'Cette licence ne peut pas changer d’offre',
  'plan_change.scheduled': 'Le changement d’offre prendra effet au prochain renouvellement',
  'plan_change.order_created': 'Changement d’offre commandé : il prend effet dès le paiement',
  'renewals.as_of_refused': 'La date de simulation (as_of) n’est pas acceptée en production',
  'withdrawal.business_buyer':
    'La rétractation est réservée aux consommateurs : cette commande a été passée par une entreprise',
  'withdrawal.not_paid': 'Cette commande n’est pas payée : il n’y a rien à rétracter',
  'withdrawal.period_over': 'Le délai de rétractation de cette commande a pris fin le {date}',
  'withdrawal.not_available': 'La rétractation n’est plus possible pour cette commande',
  'withdrawal.received':
    'Votre rétractation est enregistrée : un accusé de réception vous a été envoyé par e-mail',

  // Server answers
  'error.not_found': 'Ressource introuvable',
  'error.forbidden': 'Action non autorisée',
  'error.csrf': 'Requête refusée : origine non autorisée',
  'error.rate_limited': 'Trop de requêtes, veuillez réessayer plus tard',
  'error.payload_too_large': 'Requête trop volumineuse',
  'error.conflict': 'Cette ressource existe déjà',
  'error.internal': 'Une erreur interne est survenue',

  // Back office: orders and customers
  ...backOfficeFr,

  // Back office: licences, catalogue, messages, newsletter
  ...staffFr,

  // Releases, downloads and the update check
  ...releasesFr,
} as const;

export type MessageKey = keyof typeof fr;
