import type { InvoiceDocument } from '@cadran/domain/invoice';
import { formatSiren } from '@cadran/domain/company-identifiers';
import { buyerSirenOf } from '@cadran/domain/einvoice';
import { postalAddressLines } from '@cadran/domain/postal-address';
import { statedDocument } from '@cadran/domain/stated-figures';
import PDFDocument from 'pdfkit';
import { deliveryBlock } from './delivery';
import { invoiceFonts } from './fonts';
import {
  BRAND,
  BRAND_DARK,
  BRASS,
  FOOTER_SPACE,
  INK,
  MUTED,
  PAGE_MARGIN,
  PAID,
  RULE,
  contentWidth,
  type Pdf,
} from './layout';
import { linesTable, totals } from './table';
import { escapeInfoInXmp } from './xmp-info';
import {
  countryLabel,
  labelled,
  formatDate,
  paidToIban,
  sellerLegalLine,
  settlementSentence,
  t,
} from './format';

/**
 * The PDF of an invoice or credit note (docs/product.md 'Invoices' ('The PDF')): A4, DejaVu
 * Sans embedded, the store's colours (apps/web/src/styles/app.css: brand blue, brass accent).
 * Drawn once from the stored document by its first reader (stored-pdf.ts), then kept: the
 * stored bytes are what every download and the e-mail carry.
 */

export function renderInvoicePdf(
  stored: InvoiceDocument,
  /** Called once the pages are drawn, before the file is closed: what else the file carries. */
  complete?: (pdf: Pdf, doc: InvoiceDocument) => void,
): Promise<Buffer> {
  // What the document states (a remainder credit note restated under the reverse charge).
  const doc = statedDocument(stored);
  const lang = doc.language;
  const title =
    doc.kind === 'invoice' ? t('invoice.title', lang) : t('invoice.credit_note_title', lang);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE_MARGIN, bottom: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN },
    bufferPages: true,
    // Factur-X is a PDF/A-3 file: pdfkit adds the sRGB output intent and the PDF/A metadata.
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: lang === 'fr' ? 'fr-FR' : 'en-GB',
    info: {
      Title: `${title} ${doc.number}`,
      Author: doc.seller.name,
      Subject: `${t('invoice.order', lang)} ${doc.orderNumber}`,
      // The issue date, not the rendering time: the document says when it was issued.
      CreationDate: new Date(doc.issuedAt),
      ModDate: new Date(doc.issuedAt),
    },
  });
  escapeInfoInXmp(pdf);
  const fonts = invoiceFonts();
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  header(pdf, doc, title);
  parties(pdf, doc);
  deliveryBlock(pdf, doc);
  linesTable(pdf, doc);
  totals(pdf, doc);
  closingNotes(pdf, doc);
  footers(pdf, doc);
  complete?.(pdf, doc);
  pdf.end();
  return finished;
}

/** The dial mark of the store, the seller's name, and the document's title and references. */
function header(pdf: Pdf, doc: InvoiceDocument, title: string): void {
  const lang = doc.language;
  const top = PAGE_MARGIN;
  pdf.save();
  pdf.circle(PAGE_MARGIN + 16, top + 16, 16).fill(BRAND);
  pdf
    .lineWidth(2.5)
    .lineCap('round')
    .moveTo(PAGE_MARGIN + 16, top + 16)
    .lineTo(PAGE_MARGIN + 16, top + 6)
    .stroke(BRASS);
  pdf
    .moveTo(PAGE_MARGIN + 16, top + 16)
    .lineTo(PAGE_MARGIN + 24, top + 20)
    .stroke('#ffffff');
  pdf.restore();
  pdf
    .font('bold')
    .fontSize(16)
    .fillColor(BRAND_DARK)
    .text(doc.seller.name, PAGE_MARGIN + 42, top + 7);

  const right = pdf.page.width - PAGE_MARGIN;
  pdf
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(title, PAGE_MARGIN, top, {
      width: contentWidth(pdf),
      align: 'right',
    });
  const facts: [string, string][] = [
    [t('invoice.number', lang), doc.number],
    [t('invoice.issued_at', lang), formatDate(doc.issuedAt, lang)],
    [t('invoice.order', lang), doc.orderNumber],
  ];
  let y = top + 34;
  for (const [label, value] of facts) {
    pdf
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, right - 250, y, { width: 120, align: 'right' });
    pdf
      .font('bold')
      .fontSize(9)
      .fillColor(INK)
      .text(value, right - 125, y, { width: 125, align: 'right' });
    y += 14;
  }
  if (doc.creditedInvoice) {
    pdf
      .font('bold')
      .fontSize(9)
      .fillColor(BRAND)
      .text(
        t('invoice.credits_invoice', lang, {
          number: doc.creditedInvoice.number,
          date: formatDate(doc.creditedInvoice.issuedAt, lang),
        }),
        PAGE_MARGIN,
        y + 2,
        { width: contentWidth(pdf), align: 'right' },
      );
    y += 16;
  }
  pdf.y = y + 14;
}

/** Seller and buyer side by side, each with its identifiers. */
function parties(pdf: Pdf, doc: InvoiceDocument): void {
  const lang = doc.language;
  const top = pdf.y;
  const columnWidth = contentWidth(pdf) / 2 - 10;
  const { seller, buyer } = doc;
  const buyerSiren = buyer.isBusiness ? buyerSirenOf(buyer) : undefined;
  const sellerLines = [
    ...seller.addressLines,
    `${seller.postalCode} ${seller.city}`,
    countryLabel(seller.country, lang),
    seller.email,
    labelled(t('invoice.vat_number', lang), seller.vatNumber, lang),
  ];
  const buyerLines = [
    ...(buyer.company ? [buyer.name] : []),
    ...postalAddressLines({ ...buyer, lines: buyer.addressLines }),
    countryLabel(buyer.country, lang),
    buyer.email,
    ...(buyer.vatNumber ? [labelled(t('invoice.vat_number', lang), buyer.vatNumber, lang)] : []),
    // The e-invoicing reform asks for a French business buyer's SIREN.
    ...(buyerSiren ? [t('invoice.buyer_siren', lang, { siren: formatSiren(buyerSiren) })] : []),
  ];
  const block = (x: number, label: string, name: string, lines: string[]): number => {
    pdf.font('bold').fontSize(8).fillColor(BRAND).text(label.toUpperCase(), x, top, {
      width: columnWidth,
      characterSpacing: 0.6,
    });
    pdf
      .font('bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(name, x, top + 14, { width: columnWidth });
    pdf.font('regular').fontSize(9).fillColor(INK);
    for (const line of lines) pdf.text(line, x, pdf.y + 1, { width: columnWidth });
    return pdf.y;
  };
  const sellerEnd = block(PAGE_MARGIN, t('invoice.seller', lang), seller.name, sellerLines);
  const buyerEnd = block(
    PAGE_MARGIN + columnWidth + 20,
    t(doc.kind === 'credit_note' ? 'invoice.credited_to' : 'invoice.billed_to', lang),
    buyer.company || buyer.name,
    buyerLines,
  );
  pdf.y = Math.max(sellerEnd, buyerEnd) + 24;
}

/** Payment and the legal mentions. */
function closingNotes(pdf: Pdf, doc: InvoiceDocument): void {
  const lang = doc.language;
  const width = contentWidth(pdf);
  if (pdf.y + 80 > pdf.page.height - PAGE_MARGIN - FOOTER_SPACE) pdf.addPage();
  pdf
    .font('bold')
    .fontSize(9.5)
    .fillColor(PAID)
    .text(settlementSentence(doc), PAGE_MARGIN, pdf.y, { width });
  const iban = paidToIban(doc);
  if (iban) {
    pdf.font('regular').fontSize(8.5).fillColor(INK);
    pdf.text(t('invoice.paid_to_iban', lang, { iban }), PAGE_MARGIN, pdf.y + 2, { width });
  }
  pdf.y += 10;
  pdf.font('regular').fontSize(8).fillColor(MUTED);
  for (const mention of doc.mentions) {
    pdf.text(t(mention, lang), PAGE_MARGIN, pdf.y + 2, { width });
  }
}

/** Every page: the seller's legal identity and the page count. */
function footers(pdf: Pdf, doc: InvoiceDocument): void {
  const range = pdf.bufferedPageRange();
  const legal = sellerLegalLine(doc);
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    const bottom = pdf.page.height - PAGE_MARGIN;
    const width = contentWidth(pdf);
    // Writing below the bottom margin would start a new page: the footer lives in the margin.
    pdf.page.margins.bottom = 0;
    pdf
      .moveTo(PAGE_MARGIN, bottom - 30)
      .lineTo(PAGE_MARGIN + width, bottom - 30)
      .lineWidth(0.5)
      .stroke(RULE);
    pdf
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(legal, PAGE_MARGIN, bottom - 24, {
        width,
        align: 'center',
      });
    pdf.text(
      t('invoice.page', doc.language, { page: String(index + 1), pages: String(range.count) }),
      PAGE_MARGIN,
      bottom - 4,
      { width, align: 'center' },
    );
  }
}
