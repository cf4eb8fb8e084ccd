import type { InvoiceDocument } from '@cadran/domain/invoice';
import { countryLabel, t } from './format';
import { BRAND, INK, PAGE_MARGIN, contentWidth, type Pdf } from './layout';

/**
 * The delivery address, under the buyer's, only when it differs from the billing address (a
 * mention of the e-invoicing reform; the document holds it only then).
 */
export function deliveryBlock(pdf: Pdf, doc: InvoiceDocument): void {
  const { delivery } = doc;
  if (!delivery) return;
  const lang = doc.language;
  const columnWidth = contentWidth(pdf) / 2 - 10;
  const x = PAGE_MARGIN + columnWidth + 20;
  const top = pdf.y - 12;
  pdf
    .font('bold')
    .fontSize(8)
    .fillColor(BRAND)
    .text(t('invoice.delivered_to', lang).toUpperCase(), x, top, {
      width: columnWidth,
      characterSpacing: 0.6,
    });
  const lines = [
    ...(delivery.company ? [delivery.company] : []),
    delivery.name,
    ...delivery.addressLines,
    `${delivery.postalCode} ${delivery.city}`,
    countryLabel(delivery.country, lang),
  ];
  pdf.font('regular').fontSize(9).fillColor(INK);
  for (const line of lines) pdf.text(line, x, pdf.y + 1, { width: columnWidth });
  pdf.y += 24;
}
