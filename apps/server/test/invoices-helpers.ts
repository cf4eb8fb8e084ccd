import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { invoices } from '../src/db/schema/invoices';

/** The text of a PDF as poppler's pdftotext reads it (layout kept, one string). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadran-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return (
      execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
        // Amounts and French typography use no-break spaces: compare on plain ones.
        .replace(/[\u00a0\u202f]/g, ' ')
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const invoicesOf = (db: Database, orderId: string) =>
  db.select().from(invoices).where(eq(invoices.orderId, orderId));
