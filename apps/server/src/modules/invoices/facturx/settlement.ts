import {
  einvoiceAmount,
  einvoiceDate,
  einvoiceRate,
  paymentMeansCodeOf,
  vatCategoryOf,
  vatDueDateCodeOf,
} from '@cadran/domain/einvoice';
import type { InvoiceDocument } from '@cadran/domain/invoice';
import { statedTotals } from '@cadran/domain/stated-figures';
import { paidToIban, settlementSentence, t } from '../pdf/format';
import { dateElement, leaf, type Node } from './namespaces';

/**
 * The header settlement (BG-16 to BG-23): currency, payment means, VAT breakdown, the promo
 * discount as a document allowance, payment terms, totals and, for a credit note, the invoice
 * it corrects. Every amount is the stored document's as it is printed (statedTotals: a credit
 * note of the VAT alone states that VAT only); element order follows the CII schema.
 */
export function headerSettlement(node: Node, doc: InvoiceDocument): void {
  const lang = doc.language;
  leaf(node, 'ram:InvoiceCurrencyCode', doc.currency);

  const means = node.ele('ram:SpecifiedTradeSettlementPaymentMeans');
  const iban = paidToIban(doc);
  const meansCode = paymentMeansCodeOf(doc.paymentMethod, iban);
  leaf(means, 'ram:TypeCode', meansCode);
  leaf(means, 'ram:Information', t(`invoice.method.${doc.paymentMethod}`, lang));
  if (meansCode === '58' && iban) {
    leaf(means.ele('ram:PayeePartyCreditorFinancialAccount'), 'ram:IBANID', iban);
  }

  const stated = statedTotals(doc);
  for (const { category, ...row } of stated.vat) {
    const tax = node.ele('ram:ApplicableTradeTax');
    leaf(tax, 'ram:CalculatedAmount', einvoiceAmount(row.vatCents));
    leaf(tax, 'ram:TypeCode', 'VAT');
    if (category.exemptionMention) {
      leaf(tax, 'ram:ExemptionReason', t(category.exemptionMention, lang));
    }
    leaf(tax, 'ram:BasisAmount', einvoiceAmount(row.baseCents));
    leaf(tax, 'ram:CategoryCode', category.code);
    if (category.exemptionCode) leaf(tax, 'ram:ExemptionReasonCode', category.exemptionCode);
    if (category.code === 'S') leaf(tax, 'ram:DueDateTypeCode', vatDueDateCodeOf(doc));
    leaf(tax, 'ram:RateApplicablePercent', einvoiceRate(row.rateBasisPoints));
  }

  if (stated.discountCents > 0) {
    const category = vatCategoryOf(doc);
    const allowance = node.ele('ram:SpecifiedTradeAllowanceCharge');
    allowance.ele('ram:ChargeIndicator').ele('udt:Indicator').txt('false');
    leaf(allowance, 'ram:ActualAmount', einvoiceAmount(doc.discountCents));
    // 95: discount (UNTDID 5189); the reason names the promo code as the PDF does.
    leaf(allowance, 'ram:ReasonCode', '95');
    leaf(
      allowance,
      'ram:Reason',
      doc.discountLabel
        ? `${t('invoice.discount', lang)} (${doc.discountLabel})`
        : t('invoice.discount', lang),
    );
    const tax = allowance.ele('ram:CategoryTradeTax');
    leaf(tax, 'ram:TypeCode', 'VAT');
    leaf(tax, 'ram:CategoryCode', category.code);
    leaf(tax, 'ram:RateApplicablePercent', einvoiceRate(doc.vat[0]?.rateBasisPoints ?? 0));
  }

  // Paid with the order: the terms say when and how, as printed; nothing remains due.
  const terms = node.ele('ram:SpecifiedTradePaymentTerms');
  leaf(terms, 'ram:Description', settlementSentence(doc));
  dateElement(
    terms,
    'ram:DueDateDateTime',
    einvoiceDate(doc.kind === 'invoice' ? doc.paidAt : doc.issuedAt),
  );

  const sums = node.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  leaf(sums, 'ram:LineTotalAmount', einvoiceAmount(stated.linesTotalCents));
  if (stated.discountCents > 0) {
    leaf(sums, 'ram:AllowanceTotalAmount', einvoiceAmount(stated.discountCents));
  }
  leaf(sums, 'ram:TaxBasisTotalAmount', einvoiceAmount(stated.netCents));
  leaf(sums, 'ram:TaxTotalAmount', einvoiceAmount(stated.vatCents), { currencyID: doc.currency });
  leaf(sums, 'ram:GrandTotalAmount', einvoiceAmount(stated.grossCents));
  leaf(sums, 'ram:TotalPrepaidAmount', einvoiceAmount(stated.grossCents));
  leaf(sums, 'ram:DuePayableAmount', einvoiceAmount(0));

  if (doc.creditedInvoice) {
    const reference = node.ele('ram:InvoiceReferencedDocument');
    leaf(reference, 'ram:IssuerAssignedID', doc.creditedInvoice.number);
    dateElement(
      reference,
      'ram:FormattedIssueDateTime',
      einvoiceDate(doc.creditedInvoice.issuedAt),
      'qdt',
    );
  }
}
