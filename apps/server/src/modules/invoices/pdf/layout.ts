/** The page and colours shared by the parts of the invoice PDF (apps/web/src/styles/app.css). */

export const BRAND = '#2a41d6';
export const BRAND_DARK = '#1e2a6e';
export const BRAND_TINT = '#eef3ff';
export const BRASS = '#f59e0b';
export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#e5e7eb';

export const PAGE_MARGIN = 50;
export const FOOTER_SPACE = 70;

export type Pdf = PDFKit.PDFDocument;

export const contentWidth = (pdf: Pdf) => pdf.page.width - PAGE_MARGIN * 2;

export const PAID = '#047857';
