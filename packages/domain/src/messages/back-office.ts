/**
 * Messages of the back office's orders and customers (docs/product.md 'Back office'), French
 * then English; spread into the two catalogues.
 */
export const backOfficeFr = {
  'auth.account_locked': 'Ce compte est verrouillé. Contactez-nous pour le rouvrir : {support}',
  'admin.period.reversed': 'La fin de la période précède son début',
  'admin.mark_paid.paid_at_future': 'La date de paiement ne peut pas être dans le futur',
  'admin.mark_paid.paid_at_before_order':
    'La date de paiement ne peut pas précéder la date de la commande',
  'admin.mark_paid.paid_at_invalid': 'Indiquez une date de paiement valide',
  'admin.refund.reason_required': 'Indiquez la raison du remboursement',
  'admin.vat.note_required': 'Indiquez sur quoi repose votre décision',
  'admin.vat.no_number': 'Cette commande n’a pas de numéro de TVA',
  'admin.vat.confirmed': 'Numéro de TVA confirmé',
  'admin.vat.rejected': 'Numéro de TVA refusé',
  'admin.refund.not_paid': 'Cette commande n’est pas payée : il n’y a rien à rembourser',
  'admin.refund.already_refunded': 'Cette commande est déjà remboursée',
  'admin.refund.partial_refused':
    'Seul un remboursement intégral est possible : omettez le montant ou indiquez le montant payé',
  'admin.refund.provider_unavailable':
    'Le prestataire de paiement n’a pas effectué le remboursement : rien n’a été modifié, réessayez plus tard',
  'admin.refund.done':
    'Commande remboursée : avoir émis, licences révoquées, client prévenu par e-mail',
  'admin.refund.done_by_hand':
    'Remboursement enregistré : renvoyez le virement au client. Avoir émis, licences révoquées, client prévenu',
  'admin.cancel.not_cancellable': 'Seule une commande en attente et non payée peut être annulée',
  'admin.cancel.done': 'Commande annulée',
  'admin.customer.not_found': 'Client introuvable',
  'admin.customer.staff': 'Les comptes de l’équipe ne se gèrent pas ici',
  'admin.customer.already_locked': 'Ce compte est déjà verrouillé',
  'admin.customer.not_locked': 'Ce compte n’est pas verrouillé',
  'admin.customer.locked':
    'Compte verrouillé : il ne peut plus se connecter et ses sessions sont terminées',
  'admin.customer.unlocked': 'Compte déverrouillé : il peut de nouveau se connecter',
  'admin.customer.sessions_ended': 'Sessions terminées : {count}',
  'admin.lock.reason_required': 'Indiquez la raison du verrouillage',
  'admin.manual_order.customer_required': 'Choisissez le client (son e-mail)',
  'admin.manual_order.customer_unknown': 'Aucun compte client n’a cette adresse',
  'admin.manual_order.customer_locked':
    'Ce compte est verrouillé : déverrouillez-le avant de lui passer une commande',
  'admin.manual_order.incomplete_profile':
    'L’adresse de facturation du client est incomplète : il doit compléter son profil',
  'admin.manual_order.method_unavailable': 'Ce moyen de paiement n’est pas proposé par la boutique',
  'admin.manual_order.link_sent': 'Commande {number} créée : lien de paiement envoyé à {email}',
  'admin.manual_order.transfer_sent':
    'Commande {number} créée : coordonnées bancaires envoyées à {email}',
  'admin.manual_order.provider_unavailable':
    'Commande {number} créée, mais le prestataire de paiement n’a pas répondu : aucun lien n’est parti. Le client peut la payer depuis son espace client',
  'admin.resend.done': 'E-mail renvoyé à {email}',
  'admin.resend.not_paid':
    'Cette commande n’est pas payée : il n’y a pas encore de confirmation à renvoyer',
  'admin.resend.not_awaiting_transfer':
    'Cette commande n’attend pas de virement : il n’y a pas de coordonnées à renvoyer',
  'admin.resend.no_recipient': 'Le compte du client n’existe plus : aucun e-mail ne peut partir',
} as const;

export const backOfficeEn: Record<keyof typeof backOfficeFr, string> = {
  'auth.account_locked': 'This account is locked. Please contact us to reopen it: {support}',
  'admin.period.reversed': 'The end of the period is before its start',
  'admin.mark_paid.paid_at_future': 'The payment date cannot be in the future',
  'admin.mark_paid.paid_at_before_order': 'The payment date cannot be before the order was placed',
  'admin.mark_paid.paid_at_invalid': 'Give a valid payment date',
  'admin.refund.reason_required': 'Give the reason for the refund',
  'admin.vat.note_required': 'Say what your decision rests on',
  'admin.vat.no_number': 'This order has no VAT number',
  'admin.vat.confirmed': 'VAT number confirmed',
  'admin.vat.rejected': 'VAT number rejected',
  'admin.refund.not_paid': 'This order is not paid: there is nothing to refund',
  'admin.refund.already_refunded': 'This order is already refunded',
  'admin.refund.partial_refused':
    'Only a full refund is possible: leave the amount out or give the amount paid',
  'admin.refund.provider_unavailable':
    'The payment provider did not make the refund: nothing was changed, try again later',
  'admin.refund.done':
    'Order refunded: credit note issued, licences revoked, customer told by email',
  'admin.refund.done_by_hand':
    'Refund recorded: send the transfer back to the customer. Credit note issued, licences revoked, customer told',
  'admin.cancel.not_cancellable': 'Only a pending, unpaid order can be cancelled',
  'admin.cancel.done': 'Order cancelled',
  'admin.customer.not_found': 'Customer not found',
  'admin.customer.staff': 'Staff accounts are not managed here',
  'admin.customer.already_locked': 'This account is already locked',
  'admin.customer.not_locked': 'This account is not locked',
  'admin.customer.locked': 'Account locked: it can no longer sign in and its sessions have ended',
  'admin.customer.unlocked': 'Account unlocked: it can sign in again',
  'admin.customer.sessions_ended': 'Sessions ended: {count}',
  'admin.lock.reason_required': 'Give the reason for locking the account',
  'admin.manual_order.customer_required': 'Choose the customer (their email)',
  'admin.manual_order.customer_unknown': 'No customer account has this address',
  'admin.manual_order.customer_locked':
    'This account is locked: unlock it before placing an order for it',
  'admin.manual_order.incomplete_profile':
    'The customer’s billing address is incomplete: they must complete their profile',
  'admin.manual_order.method_unavailable': 'The shop does not offer this payment method',
  'admin.manual_order.link_sent': 'Order {number} created: payment link sent to {email}',
  'admin.manual_order.transfer_sent': 'Order {number} created: bank details sent to {email}',
  'admin.manual_order.provider_unavailable':
    'Order {number} created, but the payment provider did not answer: no link was sent. The customer can pay it from their client area',
  'admin.resend.done': 'Email sent again to {email}',
  'admin.resend.not_paid': 'This order is not paid: there is no confirmation to send again yet',
  'admin.resend.not_awaiting_transfer':
    'This order is not awaiting a transfer: there are no bank details to send again',
  'admin.resend.no_recipient': 'The customer’s account no longer exists: no email can be sent',
};
