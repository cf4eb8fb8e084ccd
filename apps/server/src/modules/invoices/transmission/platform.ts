import type { EinvoiceStatus } from '@cadran/domain/einvoice-lifecycle';
import type { InvoiceKind } from '@cadran/domain/invoice-numbers';

/**
 * An approved e-invoicing platform (plateforme agréée) as the store sends to it
 * (docs/decisions/047-einvoice-platforms.md). A connector implements this and is chosen by the
 * EINVOICE_PLATFORM setting; the demo's writes files beside the outbox.
 */

/** One Factur-X file to deposit: the stored PDF with its embedded data, as issued. */
export interface EinvoiceFile {
  kind: InvoiceKind;
  /** The document's number, unique for the seller: the key of the deposit. */
  number: string;
  issuedAt: Date;
  /** `FA-2026-00001.pdf`. */
  fileName: string;
  pdf: Buffer;
}

/** A status the platform reports, with when it says it happened. */
export interface PlatformStatus {
  status: EinvoiceStatus;
  at: Date;
  /** The platform's identifier of the deposit, the same in each status of one document. */
  reference: string;
  /** The platform's reason, for a rejection. */
  detail?: string | undefined;
}

export interface EinvoicePlatform {
  /** The setting's value that chose it, recorded with each status. */
  readonly name: string;
  /**
   * Deposits the file and answers the statuses reached so far (deposited, then issued and
   * received when the platform hands it on at once, or rejected). Depositing the same number
   * again must answer that first deposit, never make a second one: a send retried after a
   * crash, or run by two processes, reaches the buyer once.
   */
  deposit(file: EinvoiceFile): Promise<PlatformStatus[]>;
  /**
   * Declares an invoice paid (the "encaissée" status of services), on the date the money
   * arrived. Idempotent in the same way.
   */
  declarePaid(reference: string, number: string, paidAt: Date): Promise<PlatformStatus>;
}
