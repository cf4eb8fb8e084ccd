import { addCycle, type BillingCycle } from './billing-cycles';
import type { Language } from './constants';
import type { InvoiceKind } from './invoice-numbers';
import type { MessageKey } from './messages';
import { applyRate } from './money';
import type { PaymentMethod } from './order-status';
import type { TaxKind } from './tax-treatment';

/**
 * The invoice as a document (docs/product.md 'Invoices'): everything French law asks an invoice
 * to show (CGI art. 242 nonies A, Code de commerce L441-9), computed once from an explicit
 * input and then stored as issued. The input is its own type, not an order row, so the order
 * can gain fields (discount, tax treatment) without this model changing; the server's adapter
 * from today's order is one small file.
 */

export interface SellerIdentity {
  name: string;
  legalForm: string;
  shareCapitalCents: number;
  addressLines: string[];
  postalCode: string;
  city: string;
  country: string;
  siren: string;
  rcsCity: string;
  vatNumber: string;
  email: string;
  /**
   * The seller opted to pay VAT on debits (CGI art. 269-2-c): the invoice says so, and the VAT
   * falls due on its date rather than at payment. Absent on invoices issued before the option.
   */
  vatOnDebits?: boolean | undefined;
  /** The account a transfer pays into, printed and given in the e-invoice when paid so. */
  iban?: string | undefined;
}

export interface InvoiceBuyer {
  name: string;
  company: string;
  addressLines: string[];
  postalCode: string;
  city: string;
  country: string;
  /** Normalised, empty when the buyer gave none. */
  vatNumber: string;
  email: string;
  /** A French business's SIREN (9 digits, Luhn-checked at checkout); absent or empty otherwise. */
  siren?: string | undefined;
}

/** Where the licences' buyer has them delivered, when that is not the billing address. */
export type InvoiceDelivery = Pick<
  InvoiceBuyer,
  'name' | 'company' | 'addressLines' | 'postalCode' | 'city' | 'country'
>;

export interface InvoiceLineInput {
  name: string;
  billingCycle: BillingCycle;
  quantity: number;
  /** Per unit, extras included, before VAT. */
  unitPriceCents: number;
  extraDomains: number;
  extraInstallations: number;
  domains: string[];
  /** Start of the period billed; the payment date when absent (a renewal starts at the old expiry). */
  periodStart?: Date | undefined;
}

export interface InvoiceTaxInput {
  kind: TaxKind;
  rateBasisPoints: number;
  reverseCharge: boolean;
  /** The legal reason no VAT is charged (decision 013), when none is. */
  mention?: MessageKey | undefined;
}

export interface InvoiceInput {
  orderNumber: string;
  language: Language;
  currency: string;
  lines: InvoiceLineInput[];
  /** Taken off the lines' total before VAT; 0 when none. */
  discountCents: number;
  discountLabel?: string | undefined;
  tax: InvoiceTaxInput;
  buyer: InvoiceBuyer;
  /** Only when it differs from the billing address (delivery-address.ts). */
  delivery?: InvoiceDelivery | undefined;
  paidAt: Date;
  paymentMethod: PaymentMethod;
}

export interface InvoiceLine {
  name: string;
  billingCycle: BillingCycle;
  /** ISO instants; one_time has no end. */
  periodStart: string;
  periodEnd: string | null;
  extraDomains: number;
  extraInstallations: number;
  domains: string[];
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  vatRateBasisPoints: number;
}

export interface VatBreakdown {
  rateBasisPoints: number;
  baseCents: number;
  vatCents: number;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  /** The invoice a credit note cancels. */
  creditedInvoice: { number: string; issuedAt: string } | null;
  language: Language;
  currency: string;
  orderNumber: string;
  seller: SellerIdentity;
  buyer: InvoiceBuyer & { isBusiness: boolean };
  /** The delivery address when it differs (a mention of the e-invoicing reform); absent otherwise. */
  delivery?: InvoiceDelivery | undefined;
  lines: InvoiceLine[];
  linesTotalCents: number;
  discountCents: number;
  discountLabel: string | null;
  netCents: number;
  vat: VatBreakdown[];
  vatCents: number;
  grossCents: number;
  paidAt: string;
  paymentMethod: PaymentMethod;
  taxKind: TaxKind;
  reverseCharge: boolean;
  /** Legal mentions, in print order. */
  mentions: MessageKey[];
  /**
   * A credit note that gives back part of its invoice only: the VAT alone once VIES confirmed
   * the buyer's number (`vat`), or what was left after that (`remainder`). Absent on an
   * invoice and on a credit note of the whole invoice.
   */
  partialCredit?: { scope: 'vat' | 'remainder'; amountCents: number } | undefined;
}

export interface IssueFacts {
  number: string;
  issuedAt: Date;
  seller: SellerIdentity;
}

/** A buyer who gave a company name or a VAT number buys as a business. */
export const isBusinessBuyer = (buyer: InvoiceBuyer): boolean =>
  buyer.company.trim() !== '' || buyer.vatNumber.trim() !== '';

/**
 * The mentions an invoice carries, in order: the reason no VAT is charged, the category of the
 * operation (services, a mention of the e-invoicing reform), the option for VAT on debits when
 * the seller took it, then the payment terms.
 */
export function invoiceMentions(
  input: Pick<InvoiceInput, 'tax' | 'buyer'>,
  seller?: Pick<SellerIdentity, 'vatOnDebits'>,
): MessageKey[] {
  const mentions: MessageKey[] = [];
  const noVat = input.tax.reverseCharge || input.tax.rateBasisPoints === 0;
  if (noVat && input.tax.mention) mentions.push(input.tax.mention);
  mentions.push('invoice.mention.services');
  if (!noVat && seller?.vatOnDebits) mentions.push('invoice.mention.vat_on_debits');
  mentions.push('invoice.mention.no_early_payment_discount');
  if (isBusinessBuyer(input.buyer)) {
    mentions.push('invoice.mention.late_penalties', 'invoice.mention.recovery_fee');
  }
  return mentions;
}

/** Builds the invoice of a paid order; throws on amounts that cannot be an invoice. */
export function buildInvoice(input: InvoiceInput, facts: IssueFacts): InvoiceDocument {
  if (input.lines.length === 0) throw new RangeError('an invoice needs at least one line');
  const rate = input.tax.reverseCharge ? 0 : input.tax.rateBasisPoints;
  if (!Number.isInteger(rate) || rate < 0 || rate > 10_000) throw new RangeError('bad VAT rate');
  const lines = input.lines.map((line): InvoiceLine => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new RangeError('quantity');
    if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
      throw new RangeError('unit price');
    }
    const start = line.periodStart ?? input.paidAt;
    const end = addCycle(start, line.billingCycle);
    return {
      name: line.name,
      billingCycle: line.billingCycle,
      periodStart: start.toISOString(),
      periodEnd: end ? end.toISOString() : null,
      extraDomains: line.extraDomains,
      extraInstallations: line.extraInstallations,
      domains: [...line.domains],
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.unitPriceCents * line.quantity,
      vatRateBasisPoints: rate,
    };
  });
  const linesTotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const discountCents = input.discountCents;
  if (!Number.isInteger(discountCents) || discountCents < 0 || discountCents > linesTotalCents) {
    throw new RangeError('the discount must be between 0 and the lines total');
  }
  const netCents = linesTotalCents - discountCents;
  // VAT is applied once to the discounted total, as the order was priced.
  const vatCents = applyRate(netCents, rate / 100);
  return {
    kind: 'invoice',
    number: facts.number,
    issuedAt: facts.issuedAt.toISOString(),
    creditedInvoice: null,
    language: input.language,
    currency: input.currency,
    orderNumber: input.orderNumber,
    seller: facts.seller,
    buyer: { ...input.buyer, isBusiness: isBusinessBuyer(input.buyer) },
    ...(input.delivery ? { delivery: { ...input.delivery } } : {}),
    lines,
    linesTotalCents,
    discountCents,
    discountLabel: input.discountLabel ?? null,
    netCents,
    vat: [{ rateBasisPoints: rate, baseCents: netCents, vatCents }],
    vatCents,
    grossCents: netCents + vatCents,
    paidAt: input.paidAt.toISOString(),
    paymentMethod: input.paymentMethod,
    taxKind: input.tax.kind,
    reverseCharge: input.tax.reverseCharge,
    mentions: invoiceMentions(input, facts.seller),
  };
}

/** Payment terms mean nothing on money given back: a credit note drops them. */
const PAYMENT_TERM_MENTIONS: readonly MessageKey[] = [
  'invoice.mention.no_early_payment_discount',
  'invoice.mention.late_penalties',
  'invoice.mention.recovery_fee',
];

/**
 * The credit note that cancels an invoice: the same lines and amounts, its own number and date,
 * and the invoice it refers to (CGI art. 242 nonies A requires the reference). When part of the
 * invoice was already given back (its VAT, by a credit note of the VAT alone), it credits what
 * remains.
 */
export function buildCreditNote(
  invoice: InvoiceDocument,
  facts: IssueFacts,
  alreadyCreditedCents = 0,
): InvoiceDocument {
  if (invoice.kind !== 'invoice') throw new RangeError('only an invoice can be credited');
  if (
    !Number.isInteger(alreadyCreditedCents) ||
    alreadyCreditedCents < 0 ||
    alreadyCreditedCents >= invoice.grossCents
  ) {
    throw new RangeError('what was already credited must leave something to credit');
  }
  return {
    ...invoice,
    kind: 'credit_note',
    number: facts.number,
    issuedAt: facts.issuedAt.toISOString(),
    seller: facts.seller,
    creditedInvoice: { number: invoice.number, issuedAt: invoice.issuedAt },
    mentions: invoice.mentions.filter((mention) => !PAYMENT_TERM_MENTIONS.includes(mention)),
    ...(alreadyCreditedCents > 0
      ? {
          partialCredit: {
            scope: 'remainder' as const,
            amountCents: invoice.grossCents - alreadyCreditedCents,
          },
        }
      : {}),
  };
}

/** What a credit note gives back: its part of the invoice, else the invoice's whole amount. */
export const creditedCents = (doc: InvoiceDocument): number =>
  doc.partialCredit?.amountCents ?? doc.grossCents;
