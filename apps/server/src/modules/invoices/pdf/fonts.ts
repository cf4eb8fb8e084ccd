import { createRequire } from 'node:module';

/**
 * The fonts embedded in every PDF: DejaVu Sans (Bitstream Vera licence, free to embed), from
 * the `dejavu-fonts-ttf` package. A font of our own rather than the PDF standard fonts, whose
 * WinAnsi encoding has no narrow no-break space (French amounts) nor letters beyond Latin-1.
 */
const resolve = createRequire(import.meta.url).resolve;

export const INVOICE_FONTS = {
  regular: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;
