import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { FulfilmentService } from '../src/modules/fulfilment/service';
import { PaymentsService } from '../src/modules/payments/service';
import type { TestApp } from './helper';
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

/**
 * `count` fulfilment services as `count` server processes would run them: on PostgreSQL each
 * over its own connection pool to the test's database; on PGlite (one connection in one
 * process) the app's own service, `count` times.
 */
export async function fulfilmentServers(t: TestApp, count: number) {
  if (t.database.driver !== 'postgres') {
    return { list: Array.from({ length: count }, () => t.app.fulfilment), close: async () => {} };
  }
  const pool = t.database.client as unknown as { options: { connectionString: string } };
  const url = pool.options.connectionString;
  const handles = await Promise.all(
    Array.from({ length: count }, () => openDatabase({ kind: 'postgres', url, maxConnections: 4 })),
  );
  const list = handles.map(
    (handle) =>
      new FulfilmentService({
        db: handle.db,
        payments: new PaymentsService({ db: handle.db, config: t.config, log: t.app.log }),
        publicUrl: t.config.publicUrl,
        supportEmail: t.config.supportEmail,
        seller: t.config.seller,
        log: t.app.log,
      }),
  );
  const close = async () => {
    await Promise.all(handles.map((handle) => handle.close()));
  };
  return { list, close };
}
