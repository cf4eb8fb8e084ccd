import type { InvoiceDocument } from '@cadran/domain/invoice';
import { statedTotals, vatCreditLines } from '@cadran/domain/stated-figures';
import { formatRate, lineDetails, money, t } from './format';
import {
  BRAND,
  BRAND_DARK,
  BRAND_TINT,
  FOOTER_SPACE,
  INK,
  MUTED,
  PAGE_MARGIN,
  RULE,
  contentWidth,
  type Pdf,
} from './layout';

const COLUMNS = { quantity: 40, unit: 90, vat: 50, total: 85 };

interface PrintedLine {
  name: string;
  details: string[];
  quantity: number;
  unitPriceCents: number;
  rateBasisPoints: number;
  totalCents: number;
}

/** The lines printed: the document's, or the two a credit note of the VAT alone states. */
function printedLines(doc: InvoiceDocument): PrintedLine[] {
  const lang = doc.language;
  const vatCredit = vatCreditLines(doc);
  if (vatCredit) {
    return vatCredit.map((line) => ({
      ...line,
      name: t(line.name, lang, { number: doc.creditedInvoice?.number ?? '' }),
      details: [],
    }));
  }
  return doc.lines.map((line) => ({
    ...line,
    details: lineDetails(line, lang),
    rateBasisPoints: line.vatRateBasisPoints,
  }));
}

/** The lines: name and details on the left, quantity, unit price, VAT rate, total. */
export function linesTable(pdf: Pdf, doc: InvoiceDocument): void {
  const lang = doc.language;
  const left = PAGE_MARGIN;
  const width = contentWidth(pdf);
  const descriptionWidth =
    width - COLUMNS.quantity - COLUMNS.unit - COLUMNS.vat - COLUMNS.total - 16;
  const x = {
    quantity: left + 8 + descriptionWidth,
    unit: left + 8 + descriptionWidth + COLUMNS.quantity,
    vat: left + 8 + descriptionWidth + COLUMNS.quantity + COLUMNS.unit,
    total: left + 8 + descriptionWidth + COLUMNS.quantity + COLUMNS.unit + COLUMNS.vat,
  };
  const headerRow = () => {
    const top = pdf.y;
    pdf.rect(left, top, width, 22).fill(BRAND_TINT);
    pdf.font('bold').fontSize(8).fillColor(BRAND_DARK);
    pdf.text(t('invoice.description', lang), left + 8, top + 7, { width: descriptionWidth });
    pdf.text(t('invoice.quantity', lang), x.quantity, top + 7, {
      width: COLUMNS.quantity,
      align: 'right',
    });
    pdf.text(t('invoice.unit_price', lang), x.unit, top + 7, {
      width: COLUMNS.unit,
      align: 'right',
    });
    pdf.text(t('invoice.vat_rate', lang), x.vat, top + 7, { width: COLUMNS.vat, align: 'right' });
    pdf.text(t('invoice.line_total', lang), x.total, top + 7, {
      width: COLUMNS.total - 8,
      align: 'right',
    });
    pdf.y = top + 30;
  };
  headerRow();
  for (const { details, ...line } of printedLines(doc)) {
    pdf.font('regular').fontSize(8.5);
    const needed =
      16 +
      details.reduce(
        (sum, text) => sum + pdf.heightOfString(text, { width: descriptionWidth }) + 2,
        0,
      );
    if (pdf.y + needed > pdf.page.height - PAGE_MARGIN - FOOTER_SPACE) {
      pdf.addPage();
      headerRow();
    }
    const top = pdf.y;
    pdf
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(line.name, left + 8, top, { width: descriptionWidth });
    pdf.font('regular').fontSize(8.5).fillColor(MUTED);
    for (const text of details) pdf.text(text, left + 8, pdf.y + 2, { width: descriptionWidth });
    const bottom = pdf.y;
    pdf.font('regular').fontSize(9.5).fillColor(INK);
    pdf.text(String(line.quantity), x.quantity, top, { width: COLUMNS.quantity, align: 'right' });
    pdf.text(money(line.unitPriceCents, lang), x.unit, top, {
      width: COLUMNS.unit,
      align: 'right',
    });
    pdf.text(formatRate(line.rateBasisPoints, lang), x.vat, top, {
      width: COLUMNS.vat,
      align: 'right',
    });
    pdf.text(money(line.totalCents, lang), x.total, top, {
      width: COLUMNS.total - 8,
      align: 'right',
    });
    pdf.y = bottom + 10;
    pdf
      .moveTo(left, pdf.y - 4)
      .lineTo(left + width, pdf.y - 4)
      .lineWidth(0.5)
      .stroke(RULE);
    pdf.y += 6;
  }
}

/**
 * The totals block, right-aligned: lines, discount, net, VAT per rate, gross, as the document
 * states them (a credit note of the VAT alone: that VAT only, as its e-invoice data says).
 */
export function totals(pdf: Pdf, doc: InvoiceDocument): void {
  const lang = doc.language;
  const stated = statedTotals(doc);
  const rows: [string, string][] = [];
  if (stated.discountCents > 0) {
    rows.push([t('invoice.lines_total', lang), money(stated.linesTotalCents, lang)]);
    const label = doc.discountLabel
      ? `${t('invoice.discount', lang)} (${doc.discountLabel})`
      : t('invoice.discount', lang);
    rows.push([label, `−${money(stated.discountCents, lang)}`]);
  }
  rows.push([t('invoice.net_total', lang), money(stated.netCents, lang)]);
  for (const vat of stated.vat) {
    rows.push([
      t('invoice.vat_at', lang, { rate: formatRate(vat.rateBasisPoints, lang) }),
      money(vat.vatCents, lang),
    ]);
  }
  const blockWidth = 240;
  const left = pdf.page.width - PAGE_MARGIN - blockWidth;
  if (pdf.y + rows.length * 16 + 40 > pdf.page.height - PAGE_MARGIN - FOOTER_SPACE) pdf.addPage();
  let y = pdf.y + 4;
  for (const [label, value] of rows) {
    pdf.font('regular').fontSize(9.5).fillColor(MUTED).text(label, left, y, { width: 140 });
    pdf.fillColor(INK).text(value, left + 140, y, { width: blockWidth - 148, align: 'right' });
    y += 16;
  }
  pdf.rect(left, y + 2, blockWidth, 28).fill(BRAND);
  pdf
    .font('bold')
    .fontSize(11)
    .fillColor('#ffffff')
    .text(t('invoice.gross_total', lang), left + 10, y + 10, { width: 120 });
  pdf.text(money(stated.grossCents, lang), left + 130, y + 10, {
    width: blockWidth - 138,
    align: 'right',
  });
  pdf.y = y + 44;
}
