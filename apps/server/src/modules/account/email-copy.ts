import type { Language } from '@cadran/domain/constants';

/**
 * Words of the account e-mails (docs/product.md 'E-mails'), in the account's language. Values
 * in braces are filled in by ./emails.tsx.
 */
export const accountEmailCopy = {
  fr: {
    signature: 'L’équipe Cadran',
    greeting: 'Bonjour {name},',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne change sur votre compte.',
    alarm:
      'Si vous n’êtes pas à l’origine de ce changement, écrivez-nous sans attendre : {support}',
    'reset.subject': 'Choisissez un nouveau mot de passe pour votre compte Cadran',
    'reset.intro': 'Vous avez demandé à changer le mot de passe de votre compte client Cadran.',
    'reset.action': 'Pour choisir un nouveau mot de passe, ouvrez ce lien :',
    'reset.button': 'Choisir un nouveau mot de passe',
    'reset.expiry':
      'Ce lien est valable 1 heure et ne sert qu’une fois. Une fois le mot de passe changé, toutes vos sessions ouvertes sont fermées.',
    'signup.subject': 'Confirmez votre adresse e-mail pour votre compte Cadran',
    'signup.intro': 'Bienvenue chez Cadran ! Votre compte client est créé.',
    'signup.action': 'Pour confirmer que cette adresse est bien la vôtre, ouvrez ce lien :',
    'signup.button': 'Confirmer mon adresse',
    'signup.expiry':
      'Ce lien est valable 24 heures. Vous pouvez en demander un autre depuis votre espace client.',
    'change.subject': 'Confirmez la nouvelle adresse de votre compte Cadran',
    'change.intro': 'Vous avez demandé à utiliser cette adresse pour votre compte client Cadran.',
    'change.action': 'Pour confirmer le changement, ouvrez ce lien :',
    'change.button': 'Confirmer ma nouvelle adresse',
    'change.expiry':
      'Ce lien est valable 1 heure. Tant qu’il n’est pas ouvert, votre compte garde son adresse actuelle.',
    'taken.subject': 'Demande de changement d’adresse sur Cadran',
    'taken.intro':
      'Quelqu’un a demandé à utiliser cette adresse pour un compte client Cadran, mais un compte existe déjà avec cette adresse. Rien n’a été changé.',
    'taken.action':
      'Si c’est vous, connectez-vous avec cette adresse, ou choisissez un nouveau mot de passe si vous l’avez oublié :',
    'changed.subject': 'L’adresse e-mail de votre compte Cadran a changé',
    'changed.intro':
      'L’adresse e-mail de votre compte client Cadran vient d’être remplacée par {masked}. Les prochains messages iront à la nouvelle adresse.',
    'password.subject': 'Le mot de passe de votre compte Cadran a changé',
    'password.changed':
      'Le mot de passe de votre compte client Cadran a été changé le {date}, depuis votre espace client. Vos autres sessions ont été fermées.',
    'password.reset':
      'Le mot de passe de votre compte client Cadran a été remplacé le {date}, par le lien de réinitialisation envoyé à cette adresse. Toutes vos sessions ont été fermées.',
    'deleted.subject': 'Votre compte Cadran a été supprimé',
    'deleted.intro':
      'Votre compte client Cadran a été supprimé le {date}, à votre demande. Vos données personnelles ont été effacées.',
    'deleted.kept':
      'Vos commandes et vos factures sont conservées 10 ans, comme l’impose l’article L123-22 du Code de commerce ; vos licences en cours restent valables jusqu’à leur échéance.',
  },
  en: {
    signature: 'The Cadran team',
    greeting: 'Hello {name},',
    ignore: 'If you did not ask for this, ignore this message: nothing changes on your account.',
    alarm: 'If you did not make this change, write to us at once: {support}',
    'reset.subject': 'Choose a new password for your Cadran account',
    'reset.intro': 'You asked to change the password of your Cadran client account.',
    'reset.action': 'To choose a new password, open this link:',
    'reset.button': 'Choose a new password',
    'reset.expiry':
      'This link is valid for 1 hour and works once. Once the password is changed, every open session is closed.',
    'signup.subject': 'Confirm the email address of your Cadran account',
    'signup.intro': 'Welcome to Cadran! Your client account is created.',
    'signup.action': 'To confirm that this address is yours, open this link:',
    'signup.button': 'Confirm my address',
    'signup.expiry':
      'This link is valid for 24 hours. You can ask for another one from your client area.',
    'change.subject': 'Confirm the new address of your Cadran account',
    'change.intro': 'You asked to use this address for your Cadran client account.',
    'change.action': 'To confirm the change, open this link:',
    'change.button': 'Confirm my new address',
    'change.expiry':
      'This link is valid for 1 hour. Until it is opened, your account keeps its current address.',
    'taken.subject': 'Address change request on Cadran',
    'taken.intro':
      'Someone asked to use this address for a Cadran client account, but an account already exists with this address. Nothing was changed.',
    'taken.action':
      'If it was you, sign in with this address, or choose a new password if you forgot it:',
    'changed.subject': 'The email address of your Cadran account has changed',
    'changed.intro':
      'The email address of your Cadran client account has just been replaced by {masked}. Future messages will go to the new address.',
    'password.subject': 'The password of your Cadran account has changed',
    'password.changed':
      'The password of your Cadran client account was changed on {date}, from your client area. Your other sessions were closed.',
    'password.reset':
      'The password of your Cadran client account was replaced on {date}, through the reset link sent to this address. All your sessions were closed.',
    'deleted.subject': 'Your Cadran account has been deleted',
    'deleted.intro':
      'Your Cadran client account was deleted on {date}, at your request. Your personal data have been erased.',
    'deleted.kept':
      'Your orders and invoices are kept for 10 years, as article L123-22 of the French commercial code requires; your current licences stay valid until they expire.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type AccountEmailWord = keyof (typeof accountEmailCopy)['fr'];
