import { CURRENCY } from '@cadran/domain/constants';
import { randomUUID } from 'node:crypto';
import { formatIban } from '@cadran/domain/iban';
import type { BankTransferDetails } from '@cadran/domain/payments';
import type { BankAccountConfig } from '../../config';
import type {
  CreatedPayment,
  NormalizedPaymentEvent,
  PaymentProvider,
  PaymentRequest,
} from './provider';

export interface TransferReceipt {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  /** Who recorded it (an administrator's id, or "cli"), and an optional note for the audit. */
  actor: string;
  note: string | undefined;
  /** When the money reached the account, as the statement says; now when not given. */
  paidAt?: Date | undefined;
  /** The bank's reference of the transfer, as the statement shows it. */
  reference?: string | undefined;
}

/**
 * Bank transfer (docs/product.md 'Payment' ('Bank transfer')): nothing to open online. The order
 * number is the transfer reference, so the payment's provider reference is the order number, and an
 * operator records the money when it shows on the statement (admin API or CLI).
 */
export class BankTransferProvider implements PaymentProvider {
  readonly name = 'bank_transfer' as const;
  readonly opensLocally = true;

  constructor(private readonly account: BankAccountConfig) {}

  createPayment({ order }: PaymentRequest): Promise<CreatedPayment> {
    return Promise.resolve({ paymentUrl: null, reference: order.order.orderNumber });
  }

  details(orderNumber: string): BankTransferDetails {
    return {
      holder: this.account.holder,
      iban: formatIban(this.account.iban),
      bic: this.account.bic,
      reference: orderNumber,
    };
  }
}

/**
 * A transfer seen on the bank statement. Each recording is its own event: the order's state,
 * not the event id, stops a second recording from paying twice.
 */
/** The event type of a transfer staff recorded as received. */
export const TRANSFER_RECEIVED_TYPE = 'bank_transfer.received';

export function transferReceivedEvent(receipt: TransferReceipt): NormalizedPaymentEvent {
  return {
    provider: 'bank_transfer',
    eventId: `manual:${randomUUID()}`,
    type: TRANSFER_RECEIVED_TYPE,
    outcome: 'paid',
    reference: receipt.orderNumber,
    orderId: receipt.orderId,
    amountCents: receipt.amountCents,
    currency: CURRENCY,
    failureReason: null,
    ...(receipt.paidAt ? { paidAt: receipt.paidAt } : {}),
    payload: {
      actor: receipt.actor,
      amount_cents: receipt.amountCents,
      ...(receipt.note ? { note: receipt.note } : {}),
      ...(receipt.paidAt ? { paid_at: receipt.paidAt.toISOString() } : {}),
      ...(receipt.reference ? { bank_reference: receipt.reference } : {}),
    },
  };
}
