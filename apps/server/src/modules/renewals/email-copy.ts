/**
 * Words of the automatic-renewal e-mails (docs/product.md 'E-mails'), in both languages. Each
 * notice has a subject, paragraphs and a button; {placeholders} are filled when drawn.
 */

export const RENEWAL_MAILS = [
  'charge_failed',
  'action_required',
  'renewal_abandoned',
  'auto_renew_stopped',
  'renewal_notice',
  'card_expiring',
  'withdrawal_received',
] as const;
export type RenewalMailKind = (typeof RENEWAL_MAILS)[number];

interface Copy {
  subject: string;
  paragraphs: readonly string[];
  button: string;
}

type Catalogue = Record<RenewalMailKind, Copy> & {
  greeting: string;
  signature: string;
  /** The link under a failed charge's button, to the licence where the method is changed. */
  methodLink: string;
};

export const renewalMailCopy: Record<'fr' | 'en', Catalogue> = {
  fr: {
    greeting: 'Bonjour {name},',
    signature: 'L’équipe Cadran',
    methodLink: 'Changer de moyen de paiement',
    charge_failed: {
      subject: 'Le renouvellement de votre licence {key} n’a pas pu être payé',
      paragraphs: [
        'Nous n’avons pas pu prélever {amount} sur {method} pour renouveler votre licence {name} ({key}) : {reason}',
        'Nous réessaierons le {next}. Vous pouvez aussi payer dès maintenant ou changer de moyen de paiement depuis votre espace client.',
        'Votre licence continue de fonctionner pendant sa période de grâce, jusqu’au {grace}.',
      ],
      button: 'Payer le renouvellement',
    },
    action_required: {
      subject: 'Votre banque demande de confirmer le renouvellement de la licence {key}',
      paragraphs: [
        'Votre banque demande une authentification pour le prélèvement de {amount} sur {method} qui renouvelle votre licence {name} ({key}).',
        'Confirmez le paiement depuis votre espace client ; nous réessaierons aussi le {next}.',
        'Votre licence continue de fonctionner pendant sa période de grâce, jusqu’au {grace}.',
      ],
      button: 'Confirmer le paiement',
    },
    renewal_abandoned: {
      subject: 'Votre licence {key} ne sera pas renouvelée',
      paragraphs: [
        'Aucun de nos essais de prélèvement de {amount} sur {method} n’a abouti : le renouvellement automatique de votre licence {name} ({key}) est arrêté.',
        'Elle reste valable jusqu’au {grace}. Vous pouvez encore payer ce renouvellement depuis votre espace client : la licence repartira de sa date d’expiration.',
      ],
      button: 'Payer le renouvellement',
    },
    auto_renew_stopped: {
      subject: 'Renouvellement automatique de la licence {key} résilié',
      paragraphs: [
        'Vous avez résilié le renouvellement automatique de votre licence {name} ({key}). Aucun prélèvement ne sera plus effectué.',
        'Votre licence reste valable jusqu’au {expires}. Vous pourrez la renouveler vous-même, ou réactiver le renouvellement automatique, depuis votre espace client.',
      ],
      button: 'Voir ma licence',
    },
    renewal_notice: {
      subject: 'Votre licence {key} sera renouvelée le {date}',
      paragraphs: [
        'Votre licence {name} ({key}) se renouvelle automatiquement : le {date}, nous prélèverons {amount} sur {method} pour une nouvelle période.',
        'Pour arrêter, il suffit de cliquer sur « Résilier le renouvellement » sur la page de la licence dans votre espace client, avant cette date. La licence restera valable jusqu’au {expires}.',
      ],
      button: 'Gérer le renouvellement',
    },
    card_expiring: {
      subject: 'Votre carte {method} expire bientôt',
      paragraphs: [
        'La carte {method} enregistrée pour renouveler votre licence {name} ({key}) expire fin {expires}, avant le prochain prélèvement du {date}.',
        'Enregistrez un nouveau moyen de paiement depuis votre espace client pour que la licence se renouvelle sans interruption.',
      ],
      button: 'Changer de moyen de paiement',
    },
    withdrawal_received: {
      subject: 'Nous avons bien reçu votre rétractation (commande {number})',
      paragraphs: [
        'Vous avez exercé votre droit de rétractation pour la commande {number}, le {date}.',
        'Nous vous remboursons {amount} par le moyen de paiement utilisé, dans un délai de quatorze jours au plus, avec l’avoir correspondant. Les licences de cette commande seront désactivées.',
      ],
      button: 'Voir la commande',
    },
  },
  en: {
    greeting: 'Hello {name},',
    signature: 'The Cadran team',
    methodLink: 'Change the payment method',
    charge_failed: {
      subject: 'The renewal of your licence {key} could not be paid',
      paragraphs: [
        'We could not charge {amount} to {method} to renew your licence {name} ({key}): {reason}',
        'We will try again on {next}. You can also pay now or change your payment method from your client area.',
        'Your licence keeps working during its grace period, until {grace}.',
      ],
      button: 'Pay the renewal',
    },
    action_required: {
      subject: 'Your bank asks you to confirm the renewal of licence {key}',
      paragraphs: [
        'Your bank asks for authentication of the {amount} charge to {method} that renews your licence {name} ({key}).',
        'Confirm the payment from your client area; we will also try again on {next}.',
        'Your licence keeps working during its grace period, until {grace}.',
      ],
      button: 'Confirm the payment',
    },
    renewal_abandoned: {
      subject: 'Your licence {key} will not be renewed',
      paragraphs: [
        'None of our attempts to charge {amount} to {method} succeeded: the automatic renewal of your licence {name} ({key}) has stopped.',
        'It remains valid until {grace}. You can still pay this renewal from your client area: the licence will continue from its expiry date.',
      ],
      button: 'Pay the renewal',
    },
    auto_renew_stopped: {
      subject: 'Automatic renewal of licence {key} cancelled',
      paragraphs: [
        'You cancelled the automatic renewal of your licence {name} ({key}). Nothing more will be charged.',
        'Your licence remains valid until {expires}. You can renew it yourself, or turn automatic renewal back on, from your client area.',
      ],
      button: 'See my licence',
    },
    renewal_notice: {
      subject: 'Your licence {key} renews on {date}',
      paragraphs: [
        'Your licence {name} ({key}) renews automatically: on {date} we will charge {amount} to {method} for a new term.',
        'To stop it, click "Cancel automatic renewal" on the licence’s page in your client area before that date. The licence will remain valid until {expires}.',
      ],
      button: 'Manage the renewal',
    },
    card_expiring: {
      subject: 'Your card {method} expires soon',
      paragraphs: [
        'The card {method} saved to renew your licence {name} ({key}) expires at the end of {expires}, before the next charge on {date}.',
        'Save a new payment method from your client area so the licence renews without interruption.',
      ],
      button: 'Change the payment method',
    },
    withdrawal_received: {
      subject: 'We received your withdrawal (order {number})',
      paragraphs: [
        'You exercised your right of withdrawal for order {number} on {date}.',
        'We will refund {amount} to the payment method you used within fourteen days at most, with the matching credit note. The licences of this order will be deactivated.',
      ],
      button: 'See the order',
    },
  },
};
