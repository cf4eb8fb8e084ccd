/**
 * Back-office messages, French (docs/product.md 'Back office'): the staff API's refusals and
 * confirmations. Spread into the French catalogue; staff-en.ts has the same keys.
 */
export const staffFr = {
  'staff.reason.required': 'Indiquez la raison',
  'staff.license.already_suspended': 'Cette licence est déjà suspendue',
  'staff.license.not_suspended': 'Seule une licence suspendue peut être rétablie',
  'staff.license.revoked_final': 'Cette licence est révoquée : la révocation est définitive',
  'staff.license.never_expires': 'Cette licence n’expire jamais : il n’y a rien à prolonger',
  'staff.license.extend_not_later': 'La nouvelle échéance doit être postérieure à l’actuelle',
  'staff.license.until_invalid': 'Date invalide (AAAA-MM-JJ attendu)',
  'staff.license.suspended': 'Licence suspendue',
  'staff.license.reinstated': 'Licence rétablie',
  'staff.license.revoked': 'Licence révoquée',
  'staff.license.extended': 'Échéance prolongée',
  'staff.license.instance_freed': 'Installation libérée',
  'staff.template.not_found': 'Modèle de licence introuvable',
  'staff.template.name_required': 'Le nom en français est requis',
  'staff.template.cents_negative': 'Un montant ne peut pas être négatif',
  'staff.template.limit_min': 'Au moins 1',
  'staff.template.cycle_invalid': 'Cycle de facturation inconnu',
  'staff.template.patch_empty': 'Aucune modification fournie',
  'staff.message.not_found': 'Message introuvable',
  'staff.message.reply_required': 'La réponse est vide',
  'staff.message.answered_needs_reply':
    'Un message devient « répondu » quand une réponse lui est envoyée',
  'staff.message.reply_undeliverable': 'Cette adresse ne peut pas recevoir d’e-mail',
  'staff.message.reply_sent': 'Réponse envoyée',
  'roadmap.reorder.empty': 'Donnez l’ordre d’au moins un élément',
  'roadmap.reorder.duplicate': 'Un élément figure deux fois',
  'roadmap.reorder.mixed_status': 'Les éléments doivent tous être de la même colonne',
  'roadmap.reorder.incomplete': 'Donnez tous les éléments de la colonne, dans leur nouvel ordre',
};
