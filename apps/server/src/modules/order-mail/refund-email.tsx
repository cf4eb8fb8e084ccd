import { clientAreaPath } from '@cadran/domain/localized-path';
import { formatMoney } from '@cadran/domain/money';
import type { MailInput } from '../../mail/queue';
import {
  MailButton,
  MailtoLink,
  Paragraph,
  MailLayout,
  Signature,
  composeMail,
  fill,
  filled,
  formatDate,
  oneLine,
  type MailBrand,
} from '../../mail/templates';
import type { MailRecipient } from './recipient';

/** Words of the refund e-mail, in the order's language. */
const refundCopy = {
  fr: {
    subject: 'Commande {number} remboursée',
    greeting: 'Bonjour {name},',
    intro: 'Nous vous avons remboursé {amount} pour votre commande {number}.',
    card: 'Le montant est recrédité sur le moyen de paiement utilisé, en général sous 5 à 10 jours ouvrés selon votre banque.',
    transfer: 'Le montant vous est renvoyé par virement sur votre compte.',
    creditNote:
      'L’avoir {creditNote}, qui annule la facture de cette commande, est joint à cet e-mail (PDF).',
    licences:
      'Les licences de cette commande sont révoquées : elles n’activent plus aucune installation.',
    renewal:
      'Le renouvellement de votre licence {key} est annulé : elle expire désormais le {date}.',
    button: 'Voir la commande',
    support:
      'Une question ? Notre support vous répond du lundi au vendredi, de 9 h à 18 h : {support}',
    signature: 'L’équipe Cadran',
    vatSubject: 'TVA de la commande {number} remboursée',
    vatIntro:
      'Le système VIES a confirmé votre numéro de TVA {vatNumber} : la commande {number} relève de l’autoliquidation, et nous vous remboursons la TVA payée, soit {amount}.',
    vatCreditNote:
      'L’avoir {creditNote}, qui annule la TVA seule de la facture de cette commande, est joint à cet e-mail (PDF).',
    vatLicences:
      'Vos licences ne changent pas, et vos prochaines commandes seront facturées sans TVA avec ce numéro.',
  },
  en: {
    subject: 'Order {number} refunded',
    greeting: 'Hello {name},',
    intro: 'We have refunded {amount} for your order {number}.',
    card: 'The amount goes back to the payment method you used, usually within 5 to 10 business days depending on your bank.',
    transfer: 'The amount is sent back to your account by bank transfer.',
    creditNote:
      'Credit note {creditNote}, which cancels the invoice of this order, is attached to this email (PDF).',
    licences: 'The licences of this order are revoked: they no longer activate any installation.',
    renewal: 'The renewal of your licence {key} is cancelled: it now expires on {date}.',
    button: 'View the order',
    support: 'Any question? Our support team answers Monday to Friday, 9am to 6pm: {support}',
    signature: 'The Cadran team',
    vatSubject: 'VAT of order {number} refunded',
    vatIntro:
      'The VIES system confirmed your VAT number {vatNumber}: order {number} falls under the reverse charge, and we are refunding the VAT you paid, {amount}.',
    vatCreditNote:
      'Credit note {creditNote}, which cancels the VAT alone on the invoice of this order, is attached to this email (PDF).',
    vatLicences:
      'Your licences do not change, and your next orders will be invoiced without VAT with this number.',
  },
} as const;

export interface RefundMailContext {
  order: {
    orderNumber: string;
    locale: 'fr' | 'en';
    paymentMethod: 'stripe' | 'paypal' | 'bank_transfer';
  };
  recipient: MailRecipient;
  amountCents: number;
  /** The credit note attached, when the order had an invoice to cancel. */
  creditNoteNumber: string | null;
  licencesRevoked: number;
  /** A refunded renewal: its licence, with the expiry it returns to. */
  renewalWithdrawn: { licenseKey: string; expiresAt: Date | null } | null;
  /** The VAT alone given back, once VIES confirmed this VAT number: the licences stay. */
  vatConfirmed?: { vatNumber: string } | undefined;
  brand: MailBrand;
}

/**
 * Sent when staff refund an order (docs/product.md 'Back office'), or when the VAT of an order
 * goes back once its VAT number is confirmed, to the account's address.
 */
export function refundMail(ctx: RefundMailContext): Promise<MailInput> {
  const lang = ctx.order.locale;
  const c = refundCopy[lang];
  const number = ctx.order.orderNumber;
  const amount = formatMoney(ctx.amountCents, lang);
  const vat = ctx.vatConfirmed;
  const intro = vat
    ? fill(c.vatIntro, { number, amount, vatNumber: vat.vatNumber })
    : fill(c.intro, { number, amount });
  return composeMail(
    {
      kind: 'order_refund',
      to: ctx.recipient.email,
      subject: fill(vat ? c.vatSubject : c.subject, { number }),
    },
    <MailLayout lang={lang} brand={ctx.brand} preview={intro}>
      <Paragraph>{fill(c.greeting, { name: oneLine(ctx.recipient.firstName) })}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>{ctx.order.paymentMethod === 'bank_transfer' ? c.transfer : c.card}</Paragraph>
      {ctx.creditNoteNumber ? (
        <Paragraph>
          {fill(vat ? c.vatCreditNote : c.creditNote, { creditNote: ctx.creditNoteNumber })}
        </Paragraph>
      ) : null}
      {ctx.licencesRevoked > 0 ? <Paragraph>{c.licences}</Paragraph> : null}
      {vat ? <Paragraph>{c.vatLicences}</Paragraph> : null}
      {ctx.renewalWithdrawn?.expiresAt ? (
        <Paragraph>
          {fill(c.renewal, {
            key: ctx.renewalWithdrawn.licenseKey,
            date: formatDate(ctx.renewalWithdrawn.expiresAt, lang),
          })}
        </Paragraph>
      ) : null}
      <MailButton
        href={`${ctx.brand.publicUrl}${clientAreaPath(`/orders/${encodeURIComponent(number)}`, lang)}`}
      >
        {c.button}
      </MailButton>
      <Paragraph>
        {filled(c.support, { support: <MailtoLink address={ctx.brand.supportEmail} /> })}
      </Paragraph>
      <Signature>{c.signature}</Signature>
    </MailLayout>,
  );
}
