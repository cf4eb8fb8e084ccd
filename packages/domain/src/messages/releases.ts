/**
 * Messages of releases, downloads and the update check (docs/product.md 'Releases'), French
 * then English; spread into the two catalogues.
 */
export const releasesFr = {
  'release.version_invalid':
    'Version invalide : écrivez-la en semver, par exemple 2.4.0 ou 3.0.0-beta.1',
  'release.current_version_invalid':
    'Version installée invalide : écrivez-la en semver, par exemple 2.4.0',
  'release.version_taken': 'Cette version existe déjà',
  'release.channel_invalid': 'Canal inconnu : stable ou beta',
  'release.notes_required': 'Les notes de version sont obligatoires, en français et en anglais',
  'release.too_many_items': 'Une version livre au plus 50 évolutions',
  'release.duplicate_item': 'Une évolution apparaît deux fois',
  'release.unknown_item': 'Évolution de la feuille de route introuvable',
  'release.not_found': 'Version introuvable',
  'release.not_draft': 'Une version publiée ou retirée ne change plus : ses fichiers sont signés',
  'release.already_published': 'Cette version est déjà publiée',
  'release.not_published': 'Seule une version publiée peut être retirée',
  'release.withdrawn': 'Cette version a été retirée : elle ne peut plus être publiée',
  'release.no_artifact': 'Ajoutez au moins un fichier avant de publier',
  'release.published':
    'Version publiée : les évolutions livrées passent en « Livré » et leurs votants sont prévenus',
  'release.withdrawn_done': 'Version retirée : elle n’est plus proposée en mise à jour',
  'release.file_required': 'Joignez un fichier (champ « file »)',
  'release.file_empty': 'Le fichier est vide',
  'release.file_too_large': 'Le fichier dépasse la taille maximale ({limit} Mo)',
  'release.file_name_invalid':
    'Nom de fichier invalide : lettres, chiffres, points, tirets, sans chemin (120 caractères au plus)',
  'release.file_name_taken': 'Cette version a déjà un fichier de ce nom',
  'release.multipart_required': 'Envoyez le fichier en multipart/form-data',
  'release.link_invalid':
    'Ce lien de téléchargement est invalide ou a expiré : demandez-en un nouveau',
  'release.preferences_saved': 'Préférences enregistrées',
  'release.unsubscribed': 'Vous ne recevrez plus d’e-mails sur les versions livrées',
  'release.unsubscribe_invalid':
    'Ce lien de désinscription est invalide : utilisez celui du dernier e-mail reçu',
} as const;

export const releasesEn: Record<keyof typeof releasesFr, string> = {
  'release.version_invalid': 'Invalid version: write it in semver, e.g. 2.4.0 or 3.0.0-beta.1',
  'release.current_version_invalid': 'Invalid installed version: write it in semver, e.g. 2.4.0',
  'release.version_taken': 'This version already exists',
  'release.channel_invalid': 'Unknown channel: stable or beta',
  'release.notes_required': 'Release notes are required, in French and in English',
  'release.too_many_items': 'A release ships at most 50 items',
  'release.duplicate_item': 'An item appears twice',
  'release.unknown_item': 'Roadmap item not found',
  'release.not_found': 'Release not found',
  'release.not_draft': 'A published or withdrawn release no longer changes: its files are signed',
  'release.already_published': 'This release is already published',
  'release.not_published': 'Only a published release can be withdrawn',
  'release.withdrawn': 'This release was withdrawn: it cannot be published again',
  'release.no_artifact': 'Add at least one file before publishing',
  'release.published':
    'Release published: the items it ships move to “Done” and their voters are told',
  'release.withdrawn_done': 'Release withdrawn: it is no longer offered as an update',
  'release.file_required': 'Attach a file (field “file”)',
  'release.file_empty': 'The file is empty',
  'release.file_too_large': 'The file is larger than the limit ({limit} MB)',
  'release.file_name_invalid':
    'Invalid file name: letters, digits, dots and dashes, no path (at most 120 characters)',
  'release.file_name_taken': 'This release already has a file of that name',
  'release.multipart_required': 'Send the file as multipart/form-data',
  'release.link_invalid': 'This download link is invalid or has expired: ask for a new one',
  'release.preferences_saved': 'Preferences saved',
  'release.unsubscribed': 'You will no longer receive e-mails about shipped releases',
  'release.unsubscribe_invalid':
    'This unsubscribe link is invalid: use the one in the latest e-mail you received',
};
