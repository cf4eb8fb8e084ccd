import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from 'xmlbuilder2';

/**
 * Reading a Factur-X file back as an accounting tool would: the attachment and the XMP
 * metadata through poppler (pdfdetach, pdfinfo), the CII through a DOM.
 */

function withPdfFile<T>(pdf: Buffer, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadran-facturx-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The names of the files a PDF embeds, as pdfdetach lists them. */
export const pdfAttachmentNames = (pdf: Buffer): string[] =>
  withPdfFile(pdf, (file) =>
    execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' })
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^\d+:\s*/, '').trim())
      .filter((name) => name !== ''),
  );

/** The embedded file of that name, as pdfdetach extracts it. */
export const pdfAttachment = (pdf: Buffer, name: string): string =>
  withPdfFile(pdf, (file, dir) => {
    const out = path.join(dir, 'attachment');
    execFileSync('pdfdetach', ['-savefile', name, '-o', out, file]);
    return readFileSync(out, 'utf8');
  });

/** The XMP metadata packet, as pdfinfo prints it. */
export const pdfXmp = (pdf: Buffer): string =>
  withPdfFile(pdf, (file) => execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' }));

/** The Info dictionary, as pdfinfo prints it (`Key: value` per line), decoded to UTF-8. */
export const pdfInfo = (pdf: Buffer): Record<string, string> =>
  withPdfFile(pdf, (file) =>
    Object.fromEntries(
      execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' })
        .split('\n')
        .map((line) => /^([^:]+):\s+(.*)$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1] ?? '', match[2] ?? '']),
    ),
  );

export interface CiiReader {
  /** Texts of every element of that local name (whatever its CII namespace), in document order. */
  all(name: string): string[];
  /** The text of the only such element; throws when there is none or several. */
  one(name: string): string;
  /** An attribute of every such element. */
  attributes(name: string, attribute: string): (string | null)[];
  /** Texts of `child` inside each `parent`, for reading one party or one line. */
  within(parent: string, child: string): string[];
}

/** The little of the DOM that xmlbuilder2's parser gives and these reads need. */
interface XmlElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<XmlElement>;
}

export function readCii(xml: string): CiiReader {
  const root = create(xml).node as unknown as XmlElement;
  const elements = (name: string, scope: XmlElement = root): XmlElement[] =>
    Array.from(scope.getElementsByTagNameNS('*', name));
  return {
    all: (name) => elements(name).map((element) => element.textContent ?? ''),
    one(name) {
      const found = elements(name);
      if (found.length !== 1) throw new Error(`${found.length} ${name} elements`);
      return found[0]?.textContent ?? '';
    },
    attributes: (name, attribute) =>
      elements(name).map((element) => element.getAttribute(attribute)),
    within: (parent, child) =>
      elements(parent).flatMap((scope) =>
        elements(child, scope).map((element) => element.textContent ?? ''),
      ),
  };
}
