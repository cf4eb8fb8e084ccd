import { escapeXml } from '../../../http/xml-text';
import type { Pdf } from './layout';

/** The part of pdfkit's document that copies the Info values into the XMP packet. */
interface MetadataWriter {
  info: Record<string, unknown>;
  endMetadata?: () => void;
}

/**
 * pdfkit 0.20 writes the Info dictionary as PDF strings (escaped as such), then copies the same
 * values into the XMP packet as they are, so a seller or title holding "&" or "<" makes the XMP
 * malformed and the file no longer PDF/A. When the file ends, the Info dictionary is already
 * written: the values are escaped then, for the XMP copy only, and both read back the same.
 */
export function escapeInfoInXmp(pdf: Pdf): void {
  const writer = pdf as unknown as MetadataWriter;
  const writeMetadata = writer.endMetadata;
  // A pdfkit that no longer has this step must fail here, not write broken metadata silently.
  if (typeof writeMetadata !== 'function') throw new Error('pdfkit metadata step not found');
  writer.endMetadata = () => {
    for (const [key, value] of Object.entries(writer.info)) {
      if (typeof value === 'string') writer.info[key] = escapeXml(value);
    }
    writeMetadata.call(pdf);
  };
}
