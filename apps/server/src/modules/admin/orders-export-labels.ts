import type { Language } from '@cadran/domain/constants';
import type { PaymentMethod } from '@cadran/domain/order-status';
import type { OrderVatNumberStatus } from '@cadran/domain/quote-answer';
import type { TaxKind } from '@cadran/domain/tax-treatment';

/**
 * The words of the orders CSV in each staff language. A spreadsheet has no translation layer,
 * so the file itself carries the reader's words: its column names and every status (order and
 * payment statuses come from the domain's messages, as on every screen).
 */

export const EXPORT_COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'payment_method',
  'invoice_number',
  'country',
  'vat_number',
  'vat_number_check',
  'vat_treatment',
  'promo_code',
  'subtotal',
  'discount',
  'net',
  'vat_rate',
  'vat',
  'total',
  'email',
  'first_name',
  'last_name',
  'company',
  'licences',
  'flagged_reason',
] as const;

type ExportWords = {
  columns: Record<(typeof EXPORT_COLUMNS)[number], string>;
  paymentMethod: Record<PaymentMethod, string>;
  vatNumberStatus: Record<OrderVatNumberStatus, string>;
  taxKind: Record<TaxKind, string>;
};

export const EXPORT_WORDS: Readonly<Record<Language, ExportWords>> = {
  fr: {
    columns: {
      order_number: 'Commande',
      created_at: 'Date (heure de Paris)',
      status: 'Statut',
      payment_status: 'Paiement',
      payment_method: 'Moyen de paiement',
      invoice_number: 'Facture',
      country: 'Pays',
      vat_number: 'N° de TVA',
      vat_number_check: 'Contrôle du n° de TVA',
      vat_treatment: 'Régime de TVA',
      promo_code: 'Code promo',
      subtotal: 'Montant HT avant remise (EUR)',
      discount: 'Remise HT (EUR)',
      net: 'Montant HT (EUR)',
      vat_rate: 'Taux de TVA (%)',
      vat: 'TVA (EUR)',
      total: 'Total TTC (EUR)',
      email: 'E-mail',
      first_name: 'Prénom',
      last_name: 'Nom',
      company: 'Société',
      licences: 'Licences',
      flagged_reason: 'À vérifier : motif',
    },
    paymentMethod: { stripe: 'Carte bancaire', paypal: 'PayPal', bank_transfer: 'Virement' },
    vatNumberStatus: {
      verified: 'Confirmé par VIES',
      format_checked: 'Format vérifié, VIES à confirmer',
      rejected: 'Refusé',
      none: '',
    },
    taxKind: {
      domestic: 'TVA française',
      eu_consumer: 'TVA du pays du client (OSS)',
      reverse_charge: 'Autoliquidation',
      export: 'Hors UE, sans TVA',
    },
  },
  en: {
    columns: {
      order_number: 'Order',
      created_at: 'Date (Paris time)',
      status: 'Status',
      payment_status: 'Payment',
      payment_method: 'Payment method',
      invoice_number: 'Invoice',
      country: 'Country',
      vat_number: 'VAT number',
      vat_number_check: 'VAT number check',
      vat_treatment: 'VAT treatment',
      promo_code: 'Promo code',
      subtotal: 'Net before discount (EUR)',
      discount: 'Discount, net (EUR)',
      net: 'Net amount (EUR)',
      vat_rate: 'VAT rate (%)',
      vat: 'VAT (EUR)',
      total: 'Total incl. VAT (EUR)',
      email: 'Email',
      first_name: 'First name',
      last_name: 'Last name',
      company: 'Company',
      licences: 'Licences',
      flagged_reason: 'Flagged: reason',
    },
    paymentMethod: { stripe: 'Card', paypal: 'PayPal', bank_transfer: 'Bank transfer' },
    vatNumberStatus: {
      verified: 'Confirmed by VIES',
      format_checked: 'Format checked, VIES to confirm',
      rejected: 'Rejected',
      none: '',
    },
    taxKind: {
      domestic: 'French VAT',
      eu_consumer: "Customer's country VAT (OSS)",
      reverse_charge: 'Reverse charge',
      export: 'Outside the EU, no VAT',
    },
  },
};
