import type { IncomingHttpHeaders } from 'node:http';
import { CURRENCY } from '@cadran/domain/constants';
import { centsToDecimalString } from '@cadran/domain/money';
import { PAYMENT_METHODS, type PaymentMethod } from '@cadran/domain/order-status';
import type { BankTransferDetails, SandboxDecision, SandboxPayment } from '@cadran/domain/payments';
import { isUuid } from '@cadran/domain/uuid';
import type { FastifyBaseLogger } from 'fastify';
import type { StaffActor } from '../../audit/staff-audit';
import type { Database } from '../../db/client';
import { OrdersRepository, type OrderRow, type StoredOrder } from '../orders/repository';
import { BankTransferProvider } from './bank-transfer-provider';
import { cancelOrder, type CancelOrderResult } from './cancel-order';
import type { PaymentsConfig, PaymentsDependencies } from './payment-dependencies';
import { PaypalProvider } from './paypal-provider';
import { retryPayment, type RetryPaymentResult } from './retry-payment';
import type { PaymentRow } from './payment-records';
import type { NormalizedPaymentEvent, PaymentProvider, PaymentProviderName } from './provider';
import { PaymentsRepository, type PaymentWithOrder } from './repository';
import { SandboxProvider, type SandboxPayer } from './sandbox-provider';
import { startPayment } from './start-payment';
import { StripeProvider } from './stripe-provider';

export type { PaymentsConfig };

export interface PaymentsServiceOptions {
  db: Database;
  config: PaymentsConfig;
  log: FastifyBaseLogger;
  /** Has the job runner look at a queue at once, after a commit that wrote one of its jobs. */
  wakeJob?: (name: string) => void;
}

/**
 * Payments behind one interface (docs/payments.md): which provider takes which method, the
 * payment attempts of an order and their URLs, reading providers' notifications, the sandbox page, closing
 * a cancelled order's payment and giving back money that came too late. What a payment's
 * outcome does to the order is the fulfilment module's business.
 */
export class PaymentsService implements PaymentsDependencies {
  readonly sandbox: SandboxProvider | undefined;
  readonly stripe: StripeProvider | undefined;
  readonly paypal: PaypalProvider | undefined;
  readonly bank: BankTransferProvider | undefined;
  readonly repository: PaymentsRepository;
  /** The orders a cancellation reads, owner-scoped like every order read. */
  readonly orders: OrdersRepository;
  readonly db: Database;
  readonly config: PaymentsConfig;
  readonly log: FastifyBaseLogger;
  readonly wakeJob: ((name: string) => void) | undefined;

  constructor(readonly options: PaymentsServiceOptions) {
    const { config, db } = options;
    this.db = db;
    this.config = config;
    this.log = options.log;
    this.wakeJob = options.wakeJob;
    this.repository = new PaymentsRepository(db);
    this.orders = new OrdersRepository(db);
    this.sandbox = config.paymentSandbox ? new SandboxProvider() : undefined;
    this.stripe = config.stripe ? new StripeProvider(config.stripe, config.publicUrl) : undefined;
    this.paypal = config.paypal ? new PaypalProvider(config.paypal, config.publicUrl) : undefined;
    this.bank = config.bankAccount ? new BankTransferProvider(config.bankAccount) : undefined;
  }

  /** The real provider when its keys are set, else the sandbox when it is enabled. */
  providerFor(method: PaymentMethod): PaymentProvider | undefined {
    if (method === 'bank_transfer') return this.bank;
    return (method === 'stripe' ? this.stripe : this.paypal) ?? this.sandbox;
  }

  isAvailable(method: PaymentMethod): boolean {
    return this.providerFor(method) !== undefined;
  }

  /** Which provider serves each method, for the start-up log and the docs. */
  routing(): Record<PaymentMethod, PaymentProviderName | null> {
    return Object.fromEntries(
      PAYMENT_METHODS.map((method) => [method, this.providerFor(method)?.name ?? null]),
    ) as Record<PaymentMethod, PaymentProviderName | null>;
  }

  byName(name: PaymentProviderName): PaymentProvider | undefined {
    return {
      sandbox: this.sandbox,
      stripe: this.stripe,
      paypal: this.paypal,
      bank_transfer: this.bank,
    }[name];
  }

  /** A transfer order's account to pay and reference (the order number). */
  bankDetailsFor(
    order: Pick<OrderRow, 'paymentMethod' | 'orderNumber'>,
  ): BankTransferDetails | undefined {
    return order.paymentMethod === 'bank_transfer'
      ? this.bank?.details(order.orderNumber)
      : undefined;
  }

  /** The payment URL of a new order, opening its first attempt: see start-payment.ts. */
  start(stored: StoredOrder, options: { justCreated?: boolean } = {}): Promise<string | null> {
    return startPayment(this, stored, options);
  }

  /**
   * A customer pays again an order whose last attempt failed, by its method or another one:
   * see retry-payment.ts.
   */
  retry(orderId: string, userId: string, switchTo?: PaymentMethod): Promise<RetryPaymentResult> {
    return retryPayment(this, orderId, userId, switchTo);
  }

  /** The URL of the order's open attempt, where its buyer can pay it now; null when none. */
  async openPaymentUrl(orderId: string): Promise<string | null> {
    return (await this.repository.findOpenForOrder(orderId))?.paymentUrl ?? null;
  }

  /** A customer cancels an unpaid order of theirs, and its payment closes: see cancel-order.ts. */
  cancel(orderId: string, userId: string, reason: string): Promise<CancelOrderResult> {
    return cancelOrder(this, orderId, { userId }, reason);
  }

  /** A staff member cancels any unpaid order, with an audit entry: see cancel-order.ts. */
  cancelAsStaff(orderId: string, staff: StaffActor, reason: string): Promise<CancelOrderResult> {
    return cancelOrder(this, orderId, { staff }, reason);
  }

  /**
   * A provider's webhook, verified on its raw body and read in our terms. Undefined when that
   * provider is not configured (the route answers 404); throws WebhookVerificationError when
   * the notification is not authentic.
   */
  async readWebhook(
    name: 'stripe' | 'paypal',
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
  ): Promise<NormalizedPaymentEvent | undefined> {
    const provider = name === 'stripe' ? this.stripe : this.paypal;
    if (!provider) return undefined;
    return provider.parseWebhook(rawBody, headers);
  }

  /** A sandbox payment as its owner may see it; anyone else, like an unknown id, gets nothing. */
  async sandboxPaymentOf(paymentId: string, userId: string): Promise<PaymentWithOrder | undefined> {
    if (!this.sandbox || !isUuid(paymentId)) return undefined;
    const found = await this.repository.findForUser(paymentId, userId);
    return found?.payment.provider === 'sandbox' ? found : undefined;
  }

  /** The sandbox page's view of a payment; only its owner sees it. */
  async sandboxPayment(paymentId: string, userId: string): Promise<SandboxPayment | undefined> {
    const found = await this.sandboxPaymentOf(paymentId, userId);
    return found ? sandboxView(found) : undefined;
  }

  /** The event a decision on the sandbox page makes, as a provider's notification would. */
  sandboxEvent(
    payment: PaymentRow,
    decision: SandboxDecision,
    now: Date,
    payer?: SandboxPayer,
  ): NormalizedPaymentEvent | undefined {
    return this.sandbox?.decide(payment, decision, now, payer);
  }
}

export function sandboxView({ payment, order }: PaymentWithOrder): SandboxPayment {
  return {
    id: payment.id,
    status: payment.status,
    method: order.paymentMethod,
    order_number: order.orderNumber,
    amount: centsToDecimalString(payment.amountCents),
    currency: CURRENCY,
    auto_renew: order.autoRenew,
  };
}
