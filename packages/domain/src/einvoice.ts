import { isValidSiren } from './company-identifiers';
import type { InvoiceBuyer, InvoiceDocument } from './invoice';
import type { MessageKey } from './messages';
import { centsToDecimalString } from './money';
import type { PaymentMethod } from './order-status';
import { shopDay } from './paris-days';

/**
 * What an invoice says in the European e-invoice model (EN 16931) and its French uses
 * (docs/decisions/043-factur-x-e-invoices.md): the codes of each business term, read from the
 * stored document only, never recomputed. The server writes them as UN/CEFACT CII.
 */

/** BT-24: the EN 16931 core specification, which Factur-X's "EN 16931" profile declares. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** ISO 6523 scheme of a SIREN (the French register of companies). */
export const SIREN_SCHEME = '0002';

/** BT-3, UNTDID 1001: 380 commercial invoice, 381 credit note. */
export const documentTypeCode = (doc: Pick<InvoiceDocument, 'kind'>): '380' | '381' =>
  doc.kind === 'invoice' ? '380' : '381';

/**
 * BT-23 with the French reform's framework codes: "S2" is an invoice for services that is
 * already paid, which every invoice of the store is (issued with the payment), and which the
 * credit note that cancels one repeats. The category of operation (services) is its letter.
 */
export const OPERATION_FRAMEWORK = 'S2';

export type VatCategoryCode = 'S' | 'AE' | 'G';

export interface VatCategory {
  code: VatCategoryCode;
  /** BT-121, the VATEX code, when no VAT is charged. */
  exemptionCode?: 'VATEX-EU-AE' | 'VATEX-EU-G';
  /** BT-120: the invoice's own mention, when no VAT is charged. */
  exemptionMention?: MessageKey;
}

/**
 * The VAT category of an invoice's lines (one treatment per invoice, decision 013): standard
 * rate in France and for EU consumers; reverse charge for a confirmed EU business; outside
 * the EU, G (export, VAT not charged) rather than O (outside the scope), because O forbids the
 * seller's VAT number in the data while French law prints it on every invoice.
 */
export function vatCategoryOf(
  doc: Pick<InvoiceDocument, 'taxKind' | 'reverseCharge' | 'mentions'>,
): VatCategory {
  const taxMention = doc.mentions.find((key) => key.startsWith('tax.mention.'));
  if (doc.reverseCharge || doc.taxKind === 'reverse_charge') {
    return { code: 'AE', exemptionCode: 'VATEX-EU-AE', exemptionMention: taxMention };
  }
  if (doc.taxKind === 'export') {
    return { code: 'G', exemptionCode: 'VATEX-EU-G', exemptionMention: taxMention };
  }
  return { code: 'S' };
}

/**
 * BT-81, UNTDID 4461: 48 bank card, 68 online payment service, 58 SEPA credit transfer with
 * the account it was paid into. A transfer without that account (an invoice issued before the
 * seller's IBAN was recorded, or a credit note, refunded to the buyer's own account) is ZZZ,
 * "mutually defined": EN 16931 requires the account with any credit-transfer code (BR-61).
 */
export function paymentMeansCodeOf(method: PaymentMethod, payeeIban: string | undefined): string {
  if (method === 'stripe') return '48';
  if (method === 'paypal') return '68';
  return payeeIban ? '58' : 'ZZZ';
}

/**
 * BT-8, UNTDID 2475: when the VAT on these services falls due. By default at payment (72);
 * on the invoice's date (5) when the seller opted to pay VAT on debits (CGI art. 269-2-c).
 */
export const vatDueDateCodeOf = (doc: Pick<InvoiceDocument, 'seller'>): '5' | '72' =>
  doc.seller.vatOnDebits ? '5' : '72';

/** BT-21, UNTDID 4451, for the printed mentions a note carries. */
export function noteSubjectOf(mention: MessageKey): string {
  if (mention === 'invoice.mention.late_penalties') return 'PMD';
  if (mention === 'invoice.mention.recovery_fee') return 'PMT';
  if (mention === 'invoice.mention.no_early_payment_discount') return 'AAB';
  return 'REG';
}

/**
 * BT-47: the SIREN of a French business buyer: as given at checkout, else read from its
 * French VAT number (FR, a two-digit key, the SIREN). Undefined for anyone else.
 */
export function buyerSirenOf(buyer: Pick<InvoiceBuyer, 'vatNumber' | 'siren'>): string | undefined {
  const given = buyer.siren?.replace(/\s/g, '') ?? '';
  if (given !== '' && isValidSiren(given)) return given;
  const vat = buyer.vatNumber.replace(/\s/g, '').toUpperCase();
  const fromVat = /^FR[0-9A-Z]{2}(\d{9})$/.exec(vat)?.[1];
  return fromVat !== undefined && isValidSiren(fromVat) ? fromVat : undefined;
}

/** Format 102 of UNTDID 2379: the Paris calendar day of an instant, `YYYYMMDD`. */
export const einvoiceDate = (iso: string): string => shopDay(new Date(iso)).replaceAll('-', '');

/** An amount in the data: cents as a decimal with two places, "1234.50". */
export const einvoiceAmount = (cents: number): string => centsToDecimalString(cents);

/** A rate in the data: basis points as a percentage, 2000 -> "20", 550 -> "5.5", 2550 -> "25.5". */
export const einvoiceRate = (basisPoints: number): string => String(basisPoints / 100);
