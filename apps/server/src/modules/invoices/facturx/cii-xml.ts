import {
  documentTypeCode,
  einvoiceAmount,
  einvoiceDate,
  einvoiceRate,
  EN16931_GUIDELINE,
  noteSubjectOf,
  OPERATION_FRAMEWORK,
  vatCategoryOf,
} from '@cadran/domain/einvoice';
import type { InvoiceDocument, InvoiceLine } from '@cadran/domain/invoice';
import { statedDocument, vatCreditLines, type VatCreditLine } from '@cadran/domain/stated-figures';
import { create } from 'xmlbuilder2';
import { lineDetails, t } from '../pdf/format';
import { CII_NAMESPACES, dateElement, leaf, type Node } from './namespaces';
import { buyerParty, sellerParty, shipToParty } from './parties';
import { headerSettlement } from './settlement';

/**
 * The `factur-x.xml` of an invoice or credit note (docs/decisions/043-factur-x-e-invoices.md):
 * UN/CEFACT CII, profile EN 16931, written from the stored document alone, so it states what
 * the PDF prints and nothing recomputed (as stated: stated-figures.ts). Element order follows
 * the CII D16B schema.
 */
export function facturXml(stored: InvoiceDocument): string {
  const doc = statedDocument(stored);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    CII_NAMESPACES.rsm,
    'rsm:CrossIndustryInvoice',
    {
      'xmlns:qdt': CII_NAMESPACES.qdt,
      'xmlns:ram': CII_NAMESPACES.ram,
      'xmlns:udt': CII_NAMESPACES.udt,
    },
  );
  const context = root.ele('rsm:ExchangedDocumentContext');
  leaf(
    context.ele('ram:BusinessProcessSpecifiedDocumentContextParameter'),
    'ram:ID',
    OPERATION_FRAMEWORK,
  );
  leaf(context.ele('ram:GuidelineSpecifiedDocumentContextParameter'), 'ram:ID', EN16931_GUIDELINE);

  exchangedDocument(root.ele('rsm:ExchangedDocument'), doc);

  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  const vatCredit = vatCreditLines(doc);
  if (vatCredit) {
    vatCredit.forEach((line, index) => vatCreditTradeLine(transaction, doc, line, index + 1));
  } else {
    doc.lines.forEach((line, index) => tradeLine(transaction, doc, line, index + 1));
  }
  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement');
  sellerParty(agreement, doc);
  buyerParty(agreement, doc);
  leaf(agreement.ele('ram:SellerOrderReferencedDocument'), 'ram:IssuerAssignedID', doc.orderNumber);
  // Licences are delivered online: a delivery address only when the buyer gave one that
  // differs from the billing address, and no date beyond each line's period.
  shipToParty(transaction.ele('ram:ApplicableHeaderTradeDelivery'), doc);
  headerSettlement(transaction.ele('ram:ApplicableHeaderTradeSettlement'), doc);
  return root.end({ prettyPrint: true });
}

/** BT-1, BT-2, BT-3 and the printed mentions as notes (BG-1). */
function exchangedDocument(node: Node, doc: InvoiceDocument): void {
  leaf(node, 'ram:ID', doc.number);
  leaf(node, 'ram:TypeCode', documentTypeCode(doc));
  dateElement(node, 'ram:IssueDateTime', einvoiceDate(doc.issuedAt));
  for (const mention of doc.mentions) {
    const note = node.ele('ram:IncludedNote');
    leaf(note, 'ram:Content', t(mention, doc.language));
    leaf(note, 'ram:SubjectCode', noteSubjectOf(mention));
  }
}

/** What one line (BG-25) says: what it is, the period it covers, quantity, price, VAT, total. */
interface LineFacts {
  name: string;
  description?: string;
  unitPriceCents: number;
  quantity: number;
  categoryCode: string;
  rateBasisPoints: number;
  period?: { start: string; end: string | null };
  totalCents: number;
}

function lineItem(transaction: Node, id: number, line: LineFacts): void {
  const node = transaction.ele('ram:IncludedSupplyChainTradeLineItem');
  leaf(node.ele('ram:AssociatedDocumentLineDocument'), 'ram:LineID', String(id));
  const product = node.ele('ram:SpecifiedTradeProduct');
  leaf(product, 'ram:Name', line.name);
  if (line.description) leaf(product, 'ram:Description', line.description);
  node
    .ele('ram:SpecifiedLineTradeAgreement')
    .ele('ram:NetPriceProductTradePrice')
    .ele('ram:ChargeAmount')
    .txt(einvoiceAmount(line.unitPriceCents));
  leaf(node.ele('ram:SpecifiedLineTradeDelivery'), 'ram:BilledQuantity', String(line.quantity), {
    unitCode: 'C62',
  });
  const settlement = node.ele('ram:SpecifiedLineTradeSettlement');
  const tax = settlement.ele('ram:ApplicableTradeTax');
  leaf(tax, 'ram:TypeCode', 'VAT');
  leaf(tax, 'ram:CategoryCode', line.categoryCode);
  leaf(tax, 'ram:RateApplicablePercent', einvoiceRate(line.rateBasisPoints));
  if (line.period) {
    const period = settlement.ele('ram:BillingSpecifiedPeriod');
    dateElement(period, 'ram:StartDateTime', einvoiceDate(line.period.start));
    if (line.period.end) dateElement(period, 'ram:EndDateTime', einvoiceDate(line.period.end));
  }
  leaf(
    settlement.ele('ram:SpecifiedTradeSettlementLineMonetarySummation'),
    'ram:LineTotalAmount',
    einvoiceAmount(line.totalCents),
  );
}

/** A line of the document as stored. */
const tradeLine = (transaction: Node, doc: InvoiceDocument, line: InvoiceLine, id: number) =>
  lineItem(transaction, id, {
    name: line.name,
    description: lineDetails(line, doc.language).join('\n'),
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    categoryCode: vatCategoryOf(doc).code,
    rateBasisPoints: line.vatRateBasisPoints,
    period: { start: line.periodStart, end: line.periodEnd },
    totalCents: line.totalCents,
  });

/**
 * A line of a credit note of the VAT alone (stated-figures.ts): the sale of the invoice it
 * corrects, as taxed, or the same sale restated under the reverse charge (quantity −1).
 */
const vatCreditTradeLine = (
  transaction: Node,
  doc: InvoiceDocument,
  line: VatCreditLine,
  id: number,
) =>
  lineItem(transaction, id, {
    name: t(line.name, doc.language, { number: doc.creditedInvoice?.number ?? '' }),
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    categoryCode: line.category.code,
    rateBasisPoints: line.rateBasisPoints,
    totalCents: line.totalCents,
  });
