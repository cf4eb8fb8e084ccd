import { paymentDeclarationDue } from '@cadran/domain/einvoice-lifecycle';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { invoices } from '../../../db/schema/invoices';
import { invoiceFileName } from '../attachment';
import { storedInvoicePdf } from '../stored-pdf';
import { recordStatuses, statusesOfOne } from './events';
import type { EinvoicePlatform } from './platform';

export interface SendEinvoiceDeps {
  db: Database;
  /** Null when EINVOICE_PLATFORM is `none`: nothing is sent. */
  platform: EinvoicePlatform | null;
}

export type SendEinvoiceOutcome =
  /** Deposited now, or declared paid now. */
  | 'sent'
  /** Everything was already done by an earlier run (a retry after a crash, another process). */
  | 'already'
  | 'no_platform'
  | 'not_found';

/**
 * The send job's work (docs/decisions/047-einvoice-platforms.md): deposit the stored Factur-X
 * file unless a deposit is recorded, record what the platform reports, then declare an
 * invoice paid on its payment date. The platform answers a second deposit of a number with
 * the first, and each status is recorded once, so a run repeated after any step sends the
 * document once and records each status once.
 */
export async function sendEinvoice(
  deps: SendEinvoiceDeps,
  invoiceId: string,
): Promise<SendEinvoiceOutcome> {
  const { db, platform } = deps;
  if (!platform) return 'no_platform';
  const [row] = await db
    .select({
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      document: invoices.document,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row) return 'not_found';
  let recorded = await statusesOfOne(db, invoiceId);
  let sent = false;
  if (!recorded.some((entry) => entry.status === 'deposited')) {
    const pdf = await storedInvoicePdf(db, invoiceId);
    if (!pdf) return 'not_found';
    const statuses = await platform.deposit({
      kind: row.kind,
      number: row.number,
      issuedAt: row.issuedAt,
      fileName: invoiceFileName(row.number),
      pdf,
    });
    await recordStatuses(db, invoiceId, platform.name, statuses);
    recorded = await statusesOfOne(db, invoiceId);
    sent = true;
  }
  const deposit = recorded.find((entry) => entry.status === 'deposited');
  const reached = recorded.map((entry) => entry.status);
  if (deposit && paymentDeclarationDue(row.kind, reached)) {
    const paidAt = new Date(row.document.paidAt);
    const paid = await platform.declarePaid(deposit.reference, row.number, paidAt);
    await recordStatuses(db, invoiceId, platform.name, [paid]);
    sent = true;
  }
  return sent ? 'sent' : 'already';
}
