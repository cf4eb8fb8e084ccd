import type { PaymentMethod } from '@cadran/domain/order-status';
import type { BankTransferDetails } from '@cadran/domain/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { OrderRow, OrdersRepository } from '../orders/repository';
import type { PaymentProvider, PaymentProviderName } from './provider';
import type { PaymentsRepository } from './repository';

export type PaymentsConfig = Pick<
  Config,
  'publicUrl' | 'supportEmail' | 'seller' | 'paymentSandbox' | 'stripe' | 'paypal' | 'bankAccount'
>;

/**
 * Everything the payment use cases may be given; each one names the part it uses (a `Pick` of
 * this), so a use case never imports the service that calls it and a test can hand it just that.
 */
export interface PaymentsDependencies {
  db: Database;
  config: PaymentsConfig;
  log: FastifyBaseLogger;
  /** Has the job runner look at a queue at once, after a commit that wrote one of its jobs. */
  wakeJob?: ((name: string) => void) | undefined;
  repository: PaymentsRepository;
  /** The orders a cancellation or a retry reads, owner-scoped like every order read. */
  orders: OrdersRepository;
  /** The real provider when its keys are set, else the sandbox when it is enabled. */
  providerFor(method: PaymentMethod): PaymentProvider | undefined;
  byName(name: PaymentProviderName): PaymentProvider | undefined;
  /** A transfer order's account to pay and reference (the order number). */
  bankDetailsFor(
    order: Pick<OrderRow, 'paymentMethod' | 'orderNumber'>,
  ): BankTransferDetails | undefined;
}
