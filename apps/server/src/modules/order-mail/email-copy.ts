import type { Language } from '@cadran/domain/constants';

/**
 * Words of the order e-mails, in the customer's language. Values in braces are
 * filled by emails.tsx; everything else is plain product copy.
 */
export const emailCopy = {
  fr: {
    greeting: 'Bonjour {name},',
    signature: 'L’équipe Cadran',
    summaryTitle: 'Récapitulatif de la commande',
    line: '{name} ({cycle}) × {quantity} : {total}',
    domains: 'Domaines : {domains}',
    extras: 'Options : +{domains}, +{installations}',
    counts: {
      domain: { one: '{count} domaine', other: '{count} domaines' },
      installation: { one: '{count} installation', other: '{count} installations' },
    },
    subtotal: 'Sous-total HT : {amount}',
    discount: 'Remise (code {code}) : -{amount}',
    tax: 'TVA ({rate}) : {amount}',
    total: 'Total TTC : {amount}',
    paidWith: 'Moyen de paiement : {method}',
    confirmation: {
      subject: 'Commande {number} confirmée : vos licences Cadran CMS',
      intro:
        'Merci pour votre achat ! Le paiement de votre commande {number} est confirmé et vos licences Cadran CMS sont prêtes.',
      invoice: 'Votre facture {invoice} est jointe à cet e-mail (PDF).',
      keysTitle: 'Vos clés de licence',
      key: '{key} · {name} · {domains}, {installations} · {term}',
      keyDomains: 'Domaines : {domains}',
      updates: 'Mises à jour incluses',
      noUpdates: 'Mises à jour non incluses',
      until: 'valable jusqu’au {date}',
      perpetual: 'sans date d’expiration',
      nextTitle: 'Et maintenant ?',
      next: [
        'Téléchargez Cadran CMS et sa documentation depuis votre espace client : {clientUrl}',
        'Installez-le sur votre serveur, puis saisissez votre clé dans Réglages › Licence : elle active les domaines indiqués.',
        'Une question ? Notre support vous répond du lundi au vendredi, de 9 h à 18 h, sous 24 h : {support}',
      ],
      keep: 'Conservez ce message : il récapitule votre achat et vos clés.',
      button: 'Ouvrir mon espace client',
    },
    renewal: {
      subject: 'Commande {number} confirmée : votre licence Cadran CMS est renouvelée',
      intro:
        'Merci pour votre renouvellement ! Le paiement de votre commande {number} est confirmé et votre licence Cadran CMS est prolongée.',
      keyTitle: 'Votre licence renouvelée',
      same: 'La même clé continue de fonctionner : rien n’est à réinstaller ni à saisir de nouveau. Votre licence, sa nouvelle échéance et votre facture sont dans votre espace client.',
    },
    transfer: {
      subject: 'Commande {number} : nos coordonnées pour votre virement',
      intro:
        'Merci pour votre commande {number} ! Pour la régler, faites un virement de {amount} sur le compte ci-dessous en indiquant le numéro de commande en référence.',
      detailsTitle: 'Coordonnées bancaires',
      amount: 'Montant : {amount}',
      holder: 'Titulaire : {holder}',
      iban: 'IBAN : {iban}',
      bic: 'BIC : {bic}',
      reference: 'Référence à indiquer : {reference}',
      delay:
        'Vos licences sont émises dès réception des fonds, en général sous 1 à 3 jours ouvrés selon votre banque. Vous recevrez alors un e-mail de confirmation avec vos clés.',
      follow: 'Suivre votre commande',
    },
    paymentLink: {
      subject: 'Commande {number} : votre lien de paiement',
      intro:
        'Comme convenu, nous avons préparé votre commande {number} d’un montant de {amount}. Vous pouvez la régler en ligne par le lien ci-dessous.',
      button: 'Payer la commande',
      after:
        'Vos licences sont émises dès le paiement confirmé, et vous recevrez alors un e-mail avec vos clés et votre facture. Vous retrouvez aussi cette commande dans votre espace client.',
    },
  },
  en: {
    greeting: 'Hello {name},',
    signature: 'The Cadran team',
    summaryTitle: 'Order summary',
    line: '{name} ({cycle}) × {quantity}: {total}',
    domains: 'Domains: {domains}',
    extras: 'Options: +{domains}, +{installations}',
    counts: {
      domain: { one: '{count} domain', other: '{count} domains' },
      installation: { one: '{count} installation', other: '{count} installations' },
    },
    subtotal: 'Subtotal excl. VAT: {amount}',
    discount: 'Discount (code {code}): -{amount}',
    tax: 'VAT ({rate}): {amount}',
    total: 'Total incl. VAT: {amount}',
    paidWith: 'Payment method: {method}',
    confirmation: {
      subject: 'Order {number} confirmed: your Cadran CMS licences',
      intro:
        'Thank you for your purchase! Payment for order {number} is confirmed and your Cadran CMS licences are ready.',
      invoice: 'Your invoice {invoice} is attached to this email (PDF).',
      keysTitle: 'Your licence keys',
      key: '{key} · {name} · {domains}, {installations} · {term}',
      keyDomains: 'Domains: {domains}',
      updates: 'Updates included',
      noUpdates: 'Updates not included',
      until: 'valid until {date}',
      perpetual: 'no expiry date',
      nextTitle: 'What next?',
      next: [
        'Download Cadran CMS and its documentation from your client area: {clientUrl}',
        'Install it on your server, then enter your key in Settings › Licence: it activates the domains listed.',
        'Any question? Our support team answers Monday to Friday, 9am to 6pm, within 24 hours: {support}',
      ],
      keep: 'Keep this message: it records your purchase and your keys.',
      button: 'Open my client area',
    },
    renewal: {
      subject: 'Order {number} confirmed: your Cadran CMS licence is renewed',
      intro:
        'Thank you for renewing! Payment for order {number} is confirmed and your Cadran CMS licence is extended.',
      keyTitle: 'Your renewed licence',
      same: 'The same key keeps working: nothing to reinstall or enter again. Your licence, its new expiry date and your invoice are in your client area.',
    },
    transfer: {
      subject: 'Order {number}: our bank details for your transfer',
      intro:
        'Thank you for order {number}! To pay for it, transfer {amount} to the account below, quoting the order number as the reference.',
      detailsTitle: 'Bank details',
      amount: 'Amount: {amount}',
      holder: 'Account holder: {holder}',
      iban: 'IBAN: {iban}',
      bic: 'BIC: {bic}',
      reference: 'Reference to quote: {reference}',
      delay:
        'Your licences are issued as soon as the funds arrive, usually within 1 to 3 business days depending on your bank. You will then receive a confirmation email with your keys.',
      follow: 'Follow your order',
    },
    paymentLink: {
      subject: 'Order {number}: your payment link',
      intro:
        'As agreed, we have prepared your order {number} for {amount}. You can pay for it online with the link below.',
      button: 'Pay for the order',
      after:
        'Your licences are issued as soon as the payment is confirmed, and you will then receive an email with your keys and your invoice. You will also find this order in your client area.',
    },
  },
} as const;

export type EmailCopy = (typeof emailCopy)[Language];

/** "1 domaine", "3 domaines": a count with its noun, singular or plural as the language says. */
export function countOf(
  forms: { one: string; other: string },
  count: number,
  lang: Language,
): string {
  const rule = new Intl.PluralRules(lang === 'en' ? 'en-GB' : 'fr-FR').select(count);
  return (rule === 'one' ? forms.one : forms.other).replace('{count}', String(count));
}
