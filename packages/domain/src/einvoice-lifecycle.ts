import type { InvoiceKind } from './invoice-numbers';

/**
 * An e-invoice's life on an approved platform (docs/decisions/047-einvoice-platforms.md):
 * the statuses the French reform has platforms report, as far as a seller whose invoices are
 * paid with the order sees them. Each is recorded once per document, when the platform says it.
 */
export const EINVOICE_STATUSES = ['deposited', 'issued', 'received', 'rejected', 'paid'] as const;
export type EinvoiceStatus = (typeof EINVOICE_STATUSES)[number];

export const isEinvoiceStatus = (value: string): value is EinvoiceStatus =>
  (EINVOICE_STATUSES as readonly string[]).includes(value);

/**
 * Whether the seller still has to declare the money received ("encaissée"): an invoice of
 * services, whose VAT falls due at payment, reports it; a credit note does not, nor a document
 * the platform rejected or one already declared.
 */
export function paymentDeclarationDue(
  kind: InvoiceKind,
  recorded: readonly EinvoiceStatus[],
): boolean {
  if (kind !== 'invoice') return false;
  if (!recorded.includes('deposited')) return false;
  return !recorded.includes('rejected') && !recorded.includes('paid');
}

/**
 * The statuses as the back office lists them: in the order a document goes through them, not
 * by their dates (an invoice paid with the order is declared paid as of a date before its
 * deposit).
 */
export const inLifecycleOrder = <T extends { status: EinvoiceStatus }>(
  statuses: readonly T[],
): T[] =>
  [...statuses].sort(
    (a, b) => EINVOICE_STATUSES.indexOf(a.status) - EINVOICE_STATUSES.indexOf(b.status),
  );
