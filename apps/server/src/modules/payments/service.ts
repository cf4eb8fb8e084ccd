import type { IncomingHttpHeaders } from 'node:http';
import { StoredBillingAddressSchema } from '@cadran/domain/billing-address';
import type { Language } from '@cadran/domain/constants';
import type { MessageKey } from '@cadran/domain/messages';
import { centsToDecimalString } from '@cadran/domain/money';
import { PAYMENT_METHODS, type PaymentMethod } from '@cadran/domain/order-status';
import type { BankTransferDetails, SandboxDecision, SandboxPayment } from '@cadran/domain/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { localize } from '../../http/messages';
import { transferInstructionsMail } from '../fulfilment/emails';
import { FulfilmentService, type FulfilmentResult } from '../fulfilment/service';
import { LicensesRepository } from '../licenses/repository';
import type { OrderRow, StoredOrder } from '../orders/repository';
import { isUniqueViolation } from '../../db/unique-violation';
import { BankTransferProvider } from './bank-transfer-provider';
import { PaypalProvider } from './paypal-provider';
import {
  ProviderUnavailableError,
  failurePath,
  successPath,
  type PaymentProvider,
  type PaymentProviderName,
} from './provider';
import { PaymentsRepository, type PaymentWithOrder } from './repository';
import { SandboxProvider } from './sandbox-provider';
import { StripeProvider } from './stripe-provider';

export type PaymentsConfig = Pick<
  Config,
  'publicUrl' | 'supportEmail' | 'paymentSandbox' | 'stripe' | 'paypal' | 'bankAccount'
>;

export interface PaymentsServiceOptions {
  db: Database;
  config: PaymentsConfig;
  log: FastifyBaseLogger;
  /** Wakes the mail worker after a commit that queued mail. */
  onMailQueued?: () => void;
}

/** Neither the provider nor the sandbox can take this method (issue 7): the order is refused. */
export class MethodUnavailableError extends Error {
  constructor(readonly method: PaymentMethod) {
    super(`payment method ${method} is not available`);
    this.name = 'MethodUnavailableError';
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Payments behind one interface (ARCHITECTURE.md 'Payments', issue 7): which provider takes
 * which method, the one payment per order and its URL, webhooks, the sandbox page's decisions
 * and the PayPal return. Every outcome goes through the FulfilmentService.
 */
export class PaymentsService {
  readonly fulfilment: FulfilmentService;
  readonly sandbox: SandboxProvider | undefined;
  readonly stripe: StripeProvider | undefined;
  readonly paypal: PaypalProvider | undefined;
  readonly bank: BankTransferProvider | undefined;
  readonly repository: PaymentsRepository;
  private readonly licenses: LicensesRepository;

  constructor(private readonly options: PaymentsServiceOptions) {
    const { config, db } = options;
    this.repository = new PaymentsRepository(db);
    this.licenses = new LicensesRepository(db);
    this.sandbox = config.paymentSandbox ? new SandboxProvider() : undefined;
    this.stripe = config.stripe ? new StripeProvider(config.stripe, config.publicUrl) : undefined;
    this.paypal = config.paypal ? new PaypalProvider(config.paypal, config.publicUrl) : undefined;
    this.bank = config.bankAccount ? new BankTransferProvider(config.bankAccount) : undefined;
    this.fulfilment = new FulfilmentService({
      db,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      log: options.log,
      ...(options.onMailQueued ? { onMailQueued: options.onMailQueued } : {}),
    });
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

  private byName(name: PaymentProviderName): PaymentProvider | undefined {
    return {
      sandbox: this.sandbox,
      stripe: this.stripe,
      paypal: this.paypal,
      bank_transfer: this.bank,
    }[name];
  }

  /** Spec 2 'Order success' for a transfer: the account and the order number as reference. */
  bankDetailsFor(
    order: Pick<OrderRow, 'paymentMethod' | 'orderNumber'>,
  ): BankTransferDetails | undefined {
    return order.paymentMethod === 'bank_transfer'
      ? this.bank?.details(order.orderNumber)
      : undefined;
  }

  licenseCount(orderId: string): Promise<number> {
    return this.licenses.countForOrder(orderId);
  }

  /**
   * The payment URL of an order (spec 4 'Checkout flow'), creating its one payment on first
   * call. A replayed order creation gets the same URL; a payment left 'created' by a provider
   * failure is opened again (the provider's idempotency key, derived from our order id, makes
   * that safe). Bank transfers answer null and queue the instructions mail exactly once.
   */
  async start(
    stored: StoredOrder,
    options: { justCreated?: boolean } = {},
  ): Promise<string | null> {
    const { order } = stored;
    // An order written by this very request has no payment yet: no need to look for one.
    let payment = options.justCreated ? undefined : await this.repository.findByOrderId(order.id);
    if (!payment) {
      const provider = this.providerFor(order.paymentMethod);
      if (!provider) throw new MethodUnavailableError(order.paymentMethod);
      try {
        payment = await this.repository.insertCreated({
          orderId: order.id,
          provider: provider.name,
          amountCents: order.totalCents,
          currency: order.currency,
        });
      } catch (error) {
        if (!isUniqueViolation(error, 'payments_order_id_unique')) throw error;
        payment = await this.repository.findByOrderId(order.id);
        if (!payment) throw error;
      }
    }
    if (payment.status !== 'created') return payment.paymentUrl;

    const provider = this.byName(payment.provider);
    if (!provider)
      throw new ProviderUnavailableError(`provider ${payment.provider} is not configured`);
    const customerEmail = StoredBillingAddressSchema.parse(order.billingAddress).email;
    const created = await provider.createPayment({
      order: stored,
      paymentId: payment.id,
      customerEmail,
      language: order.locale,
    });
    const bankDetails = provider.name === 'bank_transfer' ? this.bankDetailsFor(order) : undefined;
    const mail = bankDetails
      ? transferInstructionsMail(
          {
            order,
            items: stored.items,
            publicUrl: this.options.config.publicUrl,
            supportEmail: this.options.config.supportEmail,
          },
          bankDetails,
        )
      : undefined;
    const opened = await this.repository.open(payment.id, created, mail);
    if (opened?.queued) this.options.onMailQueued?.();
    if (opened) return opened.row.paymentUrl;
    // Another request opened it first: its URL is the one to keep.
    return (await this.repository.findById(payment.id))?.paymentUrl ?? null;
  }

  /**
   * A provider's webhook: verified on its raw body, then applied. Undefined when that provider
   * is not configured (the route answers 404).
   */
  async handleWebhook(
    name: 'stripe' | 'paypal',
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
  ): Promise<FulfilmentResult | undefined> {
    const provider = name === 'stripe' ? this.stripe : this.paypal;
    if (!provider) return undefined;
    const event = await provider.parseWebhook(rawBody, headers);
    return this.fulfilment.apply(event);
  }

  private async sandboxPaymentOf(paymentId: string, userId: string) {
    if (!this.sandbox || !UUID_PATTERN.test(paymentId)) return undefined;
    const found = await this.repository.findForUser(paymentId, userId);
    return found?.payment.provider === 'sandbox' ? found : undefined;
  }

  /** The sandbox page's view of a payment; only its owner sees it. */
  async sandboxPayment(paymentId: string, userId: string): Promise<SandboxPayment | undefined> {
    const found = await this.sandboxPaymentOf(paymentId, userId);
    return found ? sandboxView(found) : undefined;
  }

  /**
   * The customer's decision on the sandbox page, applied like a provider's notification. The
   * first decision wins; a repeated one (double click, second tab) only reads the outcome.
   */
  async sandboxDecide(
    paymentId: string,
    userId: string,
    decision: SandboxDecision,
    lang: Language,
  ): Promise<{ payment: SandboxPayment; redirectUrl: string } | undefined> {
    const found = await this.sandboxPaymentOf(paymentId, userId);
    if (!found || !this.sandbox) return undefined;
    if (found.payment.status === 'created' || found.payment.status === 'pending') {
      await this.fulfilment.apply(this.sandbox.decide(found.payment, decision));
    }
    const after = (await this.repository.findForUser(paymentId, userId)) ?? found;
    return { payment: sandboxView(after), redirectUrl: outcomePath(after, lang) };
  }

  /**
   * The buyer is back from PayPal (its return_url carries our PayPal order as `token`): capture,
   * apply, and say where the browser goes. Never throws: a browser navigation always lands on
   * a page of ours.
   */
  async paypalReturn(token: string): Promise<string> {
    const found = token ? await this.repository.findByReference('paypal', token) : undefined;
    if (!found || !this.paypal) return failurePath(localize('payment.not_found', 'fr'));
    const lang = found.order.locale;
    const number = found.order.orderNumber;
    if (found.order.paymentStatus === 'paid') return successPath(number);
    try {
      const captured = await this.paypal.capture(token, found.payment.id);
      if (captured === 'already_captured') return successPath(number);
      if (typeof captured === 'string') {
        const key: MessageKey =
          captured === 'not_approved' ? 'payment.cancelled' : 'payment.capture_failed';
        return failurePath(localize(key, lang));
      }
      await this.fulfilment.apply(captured);
      return captured.outcome === 'failed'
        ? failurePath(localize(captured.failureReason ?? 'payment.refused', lang))
        : successPath(number);
    } catch (error) {
      this.options.log.error({ err: error, orderId: found.order.id }, 'PayPal capture failed');
      return failurePath(localize('payment.provider_unavailable', lang));
    }
  }
}

function sandboxView({ payment, order }: PaymentWithOrder): SandboxPayment {
  return {
    id: payment.id,
    status: payment.status,
    method: order.paymentMethod,
    order_number: order.orderNumber,
    amount: centsToDecimalString(payment.amountCents),
    currency: 'EUR',
  };
}

/** After a decision: the success page when paid (or still settling), else the failure page. */
function outcomePath({ payment, order }: PaymentWithOrder, lang: Language): string {
  if (payment.status === 'failed') {
    return failurePath(localize(payment.failureReason ?? 'payment.refused', lang));
  }
  return successPath(order.orderNumber);
}
