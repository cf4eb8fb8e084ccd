import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts embedded in every PDF: DejaVu Sans (Bitstream Vera licence, free to embed), from
 * the `dejavu-fonts-ttf` package. A font of our own rather than the PDF standard fonts, whose
 * WinAnsi encoding has no narrow no-break space (French amounts) nor letters beyond Latin-1.
 */
const resolve = createRequire(import.meta.url).resolve;

let loaded: { regular: Buffer; bold: Buffer } | undefined;

/** The font files, read once per process: rendering happens inside a payment's transaction. */
export function invoiceFonts(): { regular: Buffer; bold: Buffer } {
  loaded ??= {
    regular: readFileSync(resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return loaded;
}
