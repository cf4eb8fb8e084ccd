import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FACTUR_X_FILE_NAME } from '../facturx/embed';
import type { EinvoiceFile, EinvoicePlatform, PlatformStatus } from './platform';

/**
 * The demo's platform (docs/decisions/047-einvoice-platforms.md): each Factur-X file lands in
 * `DATA_DIR/einvoices/`, as mail lands in the outbox, and is issued and received at once. It
 * refuses what a real platform refuses first: a PDF that carries no Factur-X data (an invoice
 * issued before they did). The file name is the deposit's key: a second deposit of a number
 * finds the first file and answers it.
 */
export class DemoPlatform implements EinvoicePlatform {
  readonly name = 'demo';

  constructor(
    private readonly dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async deposit(file: EinvoiceFile): Promise<PlatformStatus[]> {
    const reference = `DEMO-${file.number}`;
    const at = this.now();
    if (!file.pdf.includes(FACTUR_X_FILE_NAME)) {
      return [
        { status: 'deposited', at, reference },
        { status: 'rejected', at, reference, detail: 'no Factur-X data in the PDF' },
      ];
    }
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, file.fileName);
    // Written whole under a name of its own, then linked to the number's name: the link fails
    // when the number exists, and a racing deposit never reads a file still being written.
    const draft = path.join(this.dir, `.${file.fileName}.${randomUUID()}`);
    await writeFile(draft, file.pdf);
    try {
      await link(draft, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // The number is already deposited: the same file is that deposit; another is a clash.
      if (!digest(await readFile(target)).equals(digest(file.pdf))) {
        throw new Error(`another file is already deposited as ${file.number}`);
      }
    } finally {
      await rm(draft, { force: true });
    }
    return [
      { status: 'deposited', at, reference },
      { status: 'issued', at, reference },
      { status: 'received', at, reference },
    ];
  }

  declarePaid(reference: string, _number: string, paidAt: Date): Promise<PlatformStatus> {
    return Promise.resolve({ status: 'paid', at: paidAt, reference });
  }
}

const digest = (bytes: Buffer): Buffer => createHash('sha256').update(bytes).digest();
